import { describe, expect, it } from "vitest";
import type { Run, RunStep } from "@/lib/generated/prisma/client.ts";
import { toRunView } from "@/lib/runs/to-run-view";

const at = new Date("2026-11-22T10:00:00.000Z");
const run: Run = {
  id: "r1",
  workflowId: "wf1",
  workspaceId: "ws1",
  status: "succeeded",
  test: true,
  scope: "step",
  targetStepId: null,
  trigger: { body: { a: [1, 2] }, n: null },
  error: null,
  deliveryEndpointId: null,
  deliverySize: null,
  deliveryContentType: null,
  scheduledFor: null,
  outputsClearedAt: null,
  stoppedByPushAt: null,
  rerunRunId: null,
  createdAt: at,
  startedAt: at,
  finishedAt: null,
};
const rs = (number: number, stepId: string, kind: string): RunStep => ({
  id: `rs${number}`,
  runId: "r1",
  stepId,
  number,
  kind,
  status: "succeeded",
  output: { number },
  error: null,
  logs: [],
  attempts: 1,
  unresolved: [],
  startedAt: at,
  firstStartedAt: at,
  finishedAt: at,
});

describe("toRunView", () => {
  it("returns the trigger exactly and the steps ordered by number with current names", () => {
    const v = toRunView({
      run,
      steps: [rs(2, "h", "http"), rs(1, "t", "webhook")],
      definition: [{ id: "t", kind: "webhook", name: "Inbound", config: {} }],
    });
    expect(v).toMatchObject({ id: "r1", workflowId: "wf1", status: "succeeded", test: true, scope: "step", createdAt: at.toISOString(), finishedAt: null });
    expect(v.trigger).toEqual({ body: { a: [1, 2] }, n: null });
    expect(v.steps.map((s) => [s.number, s.kind, s.name])).toEqual([
      [1, "webhook", "Inbound"],
      [2, "http", null],
    ]);
    expect(Object.keys(v.steps[0])).toEqual(
      expect.arrayContaining(["number", "kind", "status", "output", "error", "stepId", "name", "logs", "startedAt", "finishedAt"]),
    );
  });

  it("reads a missing trigger as null", () => {
    expect(toRunView({ run: { ...run, trigger: null }, steps: [], definition: [] }).trigger).toBeNull();
  });

  it("says when retention cleared the payload and outputs, null while they are kept", () => {
    expect(toRunView({ run, steps: [], definition: [] }).outputsClearedAt).toBeNull();
    const cleared = toRunView({ run: { ...run, trigger: null, outputsClearedAt: at }, steps: [], definition: [] });
    expect([cleared.trigger, cleared.outputsClearedAt]).toEqual([null, at.toISOString()]);
  });
});
