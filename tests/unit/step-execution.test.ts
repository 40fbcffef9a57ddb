// How a step of a run reads in the editor's Executions and on the Runs page: a step waiting to
// retry has no finish time or duration yet, and the step Stop run ended reads "failed", as
// GET /api/v1/runs/{id} records it (it once read "stopped" in the UI only).
import { describe, expect, it } from "vitest";
import { canvasStepStatuses, stepTimes } from "@/components/runs/step-execution";

const at = (ms: number) => new Date(Date.UTC(2026, 0, 5, 10, 0, 0, ms)).toISOString();

describe("stepTimes", () => {
  it("a step waiting to retry: when its attempt started, no finish or duration", () => {
    const waiting = { status: "waiting", error: "attempt 1 of 3 failed: … (next attempt at …)", attempts: 1, startedAt: at(0), finishedAt: at(2) };
    expect(stepTimes(waiting)).toEqual({ startedLabel: "Started", startedAt: at(0), finishedAt: null, took: null });
  });

  it("running or pending: no finish or duration", () => {
    expect(stepTimes({ status: "running", error: null, attempts: 1, startedAt: at(0), finishedAt: null }).took).toBeNull();
    expect(stepTimes({ status: "pending", error: null, startedAt: null, finishedAt: null })).toMatchObject({ startedAt: null, finishedAt: null, took: null });
  });

  it("an ended step: finish and duration; after retries, which attempt the start is", () => {
    expect(stepTimes({ status: "succeeded", error: null, attempts: 1, startedAt: at(0), finishedAt: at(250) })).toEqual({ startedLabel: "Started", startedAt: at(0), finishedAt: at(250), took: "250 ms" });
    expect(stepTimes({ status: "failed", error: "x", attempts: 3, startedAt: at(0), finishedAt: at(1500) })).toEqual({ startedLabel: "Attempt 3 started", startedAt: at(0), finishedAt: at(1500), took: "1.5 s" });
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
