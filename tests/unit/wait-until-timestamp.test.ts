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
