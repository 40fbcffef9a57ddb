// Wait "until" with a Unix timestamp: a number below 1e11 is seconds (1700000000 is in 2023, not
// January 1970), from 1e11 on milliseconds; digits in text count the same.
import { describe, expect, it } from "vitest";
import { executeWait } from "@/lib/steps/executors/wait";
import { resolvingContext } from "../helpers/resolving-context";

const until = (at: unknown) => executeWait(resolvingContext("wait", { mode: "until", at: "{{ 1.at }}" }, { 1: { at } }));

describe("wait until a Unix timestamp", () => {
  it("reads seconds below 1e11 and milliseconds above", async () => {
    const seconds = 1_700_000_000;
    expect((await until(seconds)).output).toEqual({ resumeAt: "2023-11-14T22:13:20.000Z", waited: false });
    expect((await until(seconds * 1000)).output).toEqual({ resumeAt: "2023-11-14T22:13:20.000Z", waited: false });
    expect((await until(String(seconds))).output).toEqual({ resumeAt: "2023-11-14T22:13:20.000Z", waited: false });
    const later = Math.floor(Date.now() / 1000) + 3_600;
    const r = await until(later);
    expect(r.resumeAt?.getTime()).toBe(later * 1000);
    expect((await until(later + 0.5)).resumeAt?.getTime()).toBe(later * 1000 + 500);
  });
});

describe("wait until a date and time in text", () => {
  it("reads ISO 8601 (with or without an offset, fraction, lower case) and HTTP dates", async () => {
    const past = "2025-03-04T05:06:07.000Z";
    for (const text of ["2025-03-04T05:06:07Z", "2025-03-04T05:06:07.000Z", "2025-03-04 05:06:07Z", "2025-03-04t05:06:07z", "2025-03-04T07:06:07+02:00", "2025-03-04T07:06:07+0200", "Tue, 04 Mar 2025 05:06:07 GMT", "4 Mar 2025 05:06:07 +0000"]) {
      expect((await until(text)).output, text).toEqual({ resumeAt: past, waited: false });
    }
    expect((await until("2025-03-04")).output).toEqual({ resumeAt: "2025-03-04T00:00:00.000Z", waited: false });
  });

  it("reads an offset of hours alone (+05, -03) as whole hours, as ISO 8601 allows", async () => {
    expect((await until("2025-03-04T10:06:07+05")).output).toEqual({ resumeAt: "2025-03-04T05:06:07.000Z", waited: false });
    expect((await until("2025-03-04T02:06-03")).output).toEqual({ resumeAt: "2025-03-04T05:06:00.000Z", waited: false });
    await expect(until("2025-03-04T10:06:07+5")).rejects.toThrow(/is not a date and time/);
  });

  it("refuses text it would have to guess at, and days that do not exist, instead of going on at once", async () => {
    for (const text of ["01.12.2026", "12/01/2026", "Dec 1", "next tuesday", "2026-02-30T00:00:00Z", "2026-13-01", "2026-12-01T24:00:00Z", "Mon, 31 Nov 2026 00:00:00 GMT", ""]) {
      await expect(until(text), text).rejects.toThrow(/is not a date and time this step can read without guessing/);
    }
  });
});

describe("wait until an instant far away", () => {
  it("waits up to 366 days, as a duration may, and fails naming the instant beyond that", async () => {
    const near = new Date(Date.now() + 365 * 86_400_000).toISOString();
    expect((await until(near)).resumeAt?.toISOString()).toBe(near);
    await expect(until("2099-01-01T00:00:00Z")).rejects.toThrow("2099-01-01T00:00:00.000Z is more than 366 days away: a Wait waits at most 366 days");
  });

  it("says a timestamp past the last date there is is too far away, and one before the first is no date", async () => {
    await expect(until(1e20)).rejects.toThrow("100000000000000000000 is more than 366 days away: a Wait waits at most 366 days");
    await expect(until(9e15)).rejects.toThrow("9000000000000000 is more than 366 days away");
    await expect(until("99999999999999999999")).rejects.toThrow("99999999999999999999 is more than 366 days away");
    await expect(until(-1e20)).rejects.toThrow('"-100000000000000000000" is not a date and time this step can read without guessing');
    await expect(until(-9e15)).rejects.toThrow('"-9000000000000000" is not a date and time');
    expect((await until(-8.64e12)).output).toEqual({ resumeAt: "-271821-04-20T00:00:00.000Z", waited: false });
  });
});
