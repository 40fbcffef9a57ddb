// A Wait "until" fed by the trigger, through a real worker: a timestamp past the last date there
// is fails the step saying it is too far away, one before the first says it is not a date (both
// were "internal error: Invalid time value"), and an ISO 8601 offset of hours alone (+05) is read
// as +05:00 rather than refused.
import { describe, expect, it } from "vitest";
import { createWorkflow, enqueueRun, finishedRun, statuses, startEngineWorker } from "./run-engine-fixtures";

startEngineWorker();

const waitUntil = async (at: unknown) => {
  const wf = await createWorkflow([
    { kind: "webhook", config: {} },
    { kind: "wait", config: { mode: "until", at: "{{ 1.at }}" } },
  ]);
  return finishedRun(await enqueueRun(wf, { at }));
};

describe("Wait until a trigger's value", () => {
  it.each([
    [1e20, "100000000000000000000 is more than 366 days away: a Wait waits at most 366 days"],
    [9e15, "9000000000000000 is more than 366 days away: a Wait waits at most 366 days"],
    [8.64e15, "+275760-09-13T00:00:00.000Z is more than 366 days away: a Wait waits at most 366 days"],
    ["99999999999999999999", "99999999999999999999 is more than 366 days away: a Wait waits at most 366 days"],
  ])("%s, past the last date there is, fails as too far away", async (at, error) => {
    const run = await waitUntil(at);
    expect([run.status, ...statuses(run)]).toEqual(["failed", "1:succeeded", "2:failed"]);
    expect(run.steps[1].error).toBe(error);
  });

  it.each([[-1e20], [-9e15]])("%s, before the first date there is, is not a date and time", async (at) => {
    const run = await waitUntil(at);
    expect([run.status, ...statuses(run)]).toEqual(["failed", "1:succeeded", "2:failed"]);
    expect(run.steps[1].error).toMatch(/^"-\d+" is not a date and time this step can read without guessing \(use ISO 8601/);
  });

  it("a timestamp far in the past (within the dates there are) does not wait", async () => {
    const run = await waitUntil(-8.64e12);
    expect([run.status, ...statuses(run)]).toEqual(["succeeded", "1:succeeded", "2:succeeded"]);
    expect(run.steps[1].output).toEqual({ resumeAt: "-271821-04-20T00:00:00.000Z", waited: false });
  });

  it("reads an offset of hours alone as whole hours", async () => {
    for (const [at, resumeAt] of [
      ["2025-12-01T02:00:00+05", "2025-11-30T21:00:00.000Z"],
      ["2025-12-01T02:00-03", "2025-12-01T05:00:00.000Z"],
      ["2025-12-01 02:00:00.250+05", "2025-11-30T21:00:00.250Z"],
    ]) {
      const run = await waitUntil(at);
      expect(run.status, at).toBe("succeeded");
      expect(run.steps[1].output, at).toEqual({ resumeAt, waited: false });
    }
  });
});
