import { describe, expect, it } from "vitest";
import { executeScheduler } from "@/lib/steps/executors/scheduler";
import { executeWait } from "@/lib/steps/executors/wait";
import { executeWebhook } from "@/lib/steps/executors/webhook";
import { resolvingContext } from "../helpers/resolving-context";

describe("trigger steps", () => {
  it("webhook output is exactly the posted JSON", async () => {
    const body = { event: "alert", body: { x: 1 } };
    expect(await executeWebhook(resolvingContext("webhook", {}, { 1: body }))).toEqual({ output: body });
  });
  it("scheduler output is the firing", async () => {
    const firing = { scheduledFor: "2026-12-01T02:00:00.000Z", firedAt: "2026-12-01T02:00:03.000Z" };
    expect(await executeScheduler(resolvingContext("scheduler", { cron: "0 2 1 * *" }, { 1: firing }))).toEqual({ output: firing });
  });
});

describe("wait step", () => {
  it("asks to resume after a duration", async () => {
    const before = Date.now();
    const r = await executeWait(resolvingContext("wait", { mode: "duration", seconds: 120 }));
    expect(r.resumeAt!.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    expect(r.output).toEqual({ resumeAt: r.resumeAt!.toISOString() });
  });
  it("waits until an instant from a reference; a past instant does not wait", async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const r = await executeWait(resolvingContext("wait", { mode: "until", at: "{{ 1.at }}" }, { 1: { at } }));
    expect(r.resumeAt!.toISOString()).toBe(at);
    const past = await executeWait(resolvingContext("wait", { mode: "until", at: "2020-01-01T00:00:00Z" }));
    expect(past).toEqual({ output: { resumeAt: "2020-01-01T00:00:00.000Z", waited: false } });
  });
  it("fails on something that is not a date", async () => {
    await expect(executeWait(resolvingContext("wait", { mode: "until", at: "soon" }))).rejects.toThrow(/not a date/);
  });
  it("names a reference with no value rather than calling its empty text no date", async () => {
    const e = await executeWait(resolvingContext("wait", { mode: "until", at: "{{ 1.nope }}" }, { 1: { at: "2026-12-01" } })).catch((x: Error) => x);
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).message).toBe("{{ 1.nope }} has no value in this run, so there is no date and time to wait until");
    // Inside a longer text, too: "T10:00:00Z" alone would be the error's subject otherwise.
    await expect(executeWait(resolvingContext("wait", { mode: "until", at: "{{ 1.day }}T10:00:00Z" }, { 1: {} }))).rejects.toThrow(/^\{\{ 1\.day \}\} has no value in this run/);
  });
});
