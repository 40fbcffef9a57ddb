// How a step of a run reads in the editor's Executions and on the Runs page: a step waiting to
// retry has no finish time or duration yet, and the step Stop run ended reads "failed", as
// GET /api/v1/runs/{id} records it (it once read "stopped" in the UI only).
import { describe, expect, it } from "vitest";
import { canvasStepStatuses, stepTimes } from "@/components/runs/step-execution";

const at = (ms: number) => new Date(Date.UTC(2026, 0, 5, 10, 0, 0, ms)).toISOString();

describe("stepTimes", () => {
  it("a step waiting to retry: when its attempt started, no finish or duration", () => {
    const waiting = { status: "waiting", error: "attempt 1 of 3 failed: … (next attempt at …)", attempts: 1, startedAt: at(0), finishedAt: at(2) };
    expect(stepTimes(waiting)).toEqual({ startedLabel: "Started", startedAt: at(0), finishedAt: null, tookLabel: "Took", took: null });
  });

  it("running or pending: no finish or duration", () => {
    expect(stepTimes({ status: "running", error: null, attempts: 1, startedAt: at(0), finishedAt: null }).took).toBeNull();
    expect(stepTimes({ status: "pending", error: null, startedAt: null, finishedAt: null })).toMatchObject({ startedAt: null, finishedAt: null, took: null });
  });

  it("an ended step: finish and duration", () => {
    expect(stepTimes({ status: "succeeded", error: null, attempts: 1, startedAt: at(0), finishedAt: at(250) })).toEqual({ startedLabel: "Started", startedAt: at(0), finishedAt: at(250), tookLabel: "Took", took: "250 ms" });
  });

  it("durations in minutes, hours and days: a 2-minute Wait is not 120.0 s, a day-long one not 86400.0 s", () => {
    const wait = (ms: number) => stepTimes({ status: "succeeded", error: null, number: 3, attempts: 1, startedAt: at(0), finishedAt: at(ms) }).took;
    expect(wait(33_100)).toBe("33 s");
    expect(wait(123_000)).toBe("2 min 3 s");
    expect(wait(3_900_000)).toBe("1 h 5 min");
    expect(wait(93_600_000)).toBe("1 d 2 h");
  });

  it("a step retried 5 times over 33 s took 33 s over its attempts, from the first one's start, not the last one's 2 ms", () => {
    const retried = { status: "succeeded", error: null, number: 2, attempts: 5, firstStartedAt: at(0), startedAt: at(33_098), finishedAt: at(33_100) };
    expect(stepTimes(retried)).toEqual({ startedLabel: "Started", startedAt: at(0), finishedAt: at(33_100), tookLabel: "Took", took: "33 s over 5 attempts (the last 2 ms)" });
    // A record from before the first start was kept says the time is the last attempt's.
    const older = { status: "failed", error: "x", number: 2, attempts: 3, startedAt: at(0), finishedAt: at(1500) };
    expect(stepTimes(older)).toEqual({ startedLabel: "Attempt 3 started", startedAt: at(0), finishedAt: at(1500), tookLabel: "Took", took: "1.5 s, the last of 3 attempts" });
  });

  it("the trigger records the payload in no time: with its run it reads the run's times, else no duration", () => {
    const trigger = { status: "succeeded", error: null, number: 1, attempts: 1, startedAt: at(0), finishedAt: at(0) };
    const run = { status: "failed", startedAt: at(0), finishedAt: at(33_100) };
    expect(stepTimes(trigger, run)).toEqual({ startedLabel: "Run started", startedAt: at(0), finishedAt: at(33_100), tookLabel: "Run took", took: "33 s" });
    expect(stepTimes(trigger, { status: "waiting", startedAt: at(0), finishedAt: null })).toMatchObject({ finishedAt: null, took: null });
    expect(stepTimes(trigger).took).toBeNull();
  });
});

describe("canvasStepStatuses", () => {
  it("the canvas node of the step a person stopped the run at reads failed, as the API records it", () => {
    const run = {
      status: "stopped",
      steps: [
        { stepId: "a", status: "succeeded", error: null },
        { stepId: "b", status: "failed", error: "the run was stopped by ann@example.test during this step" },
        { stepId: "c", status: "skipped", error: null },
      ],
    };
    expect([...canvasStepStatuses(run)]).toEqual([
      ["a", "succeeded"],
      ["b", "failed"],
      ["c", "skipped"],
    ]);
  });

  it("a step that failed on its own stays failed; no run, no statuses", () => {
    const run = { status: "failed", steps: [{ stepId: "a", status: "failed", error: "HTTP 500 from GET https://x/" }] };
    expect(canvasStepStatuses(run).get("a")).toBe("failed");
    expect(canvasStepStatuses(undefined).size).toBe(0);
  });
});
