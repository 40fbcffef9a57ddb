import { describe, expect, it } from "vitest";
import { runKindLabel } from "@/components/runs/test-run-kind";
import { dataFromRun, pickDataRun, type DataRun } from "@/lib/editor/data-run";

const steps = [
  { id: "hook", name: "Webhook", kind: "webhook" },
  { id: "enrich", name: "Enrich", kind: "http" },
  { id: "ticket", name: "Ticket", kind: "http" },
];

// Newest first: a live run that failed at step 2, and an older test run that got through.
const live: DataRun = {
  id: "r-live",
  status: "failed",
  test: false,
  scope: "workflow",
  createdAt: "2026-05-02T10:00:00Z",
  steps: [
    { stepId: "hook", status: "succeeded", output: { alert: "new" } },
    { stepId: "enrich", status: "failed", output: null },
    { stepId: "ticket", status: "skipped" },
  ],
};
const test: DataRun = {
  id: "r-test",
  status: "succeeded",
  test: true,
  scope: "workflow",
  createdAt: "2026-05-01T10:00:00Z",
  steps: [
    { stepId: "hook", status: "succeeded", output: { alert: "old" } },
    { stepId: "enrich", status: "succeeded", output: { owner: "old-owner" } },
    { stepId: "ticket", status: "succeeded", output: { id: 7 } },
  ],
};
const queued: DataRun = { id: "r-queued", status: "queued", test: false, createdAt: "2026-05-02T11:00:00Z", steps: [] };

describe("pickDataRun", () => {
  it("takes the newest run that has an output, not one just queued", () => {
    expect(pickDataRun([queued, live, test], null)?.id).toBe("r-live");
  });

  it("keeps the run the user picked, and falls back to the latest when it is gone", () => {
    expect(pickDataRun([queued, live, test], "r-test")?.id).toBe("r-test");
    expect(pickDataRun([live, test], "r-deleted")?.id).toBe("r-live");
    expect(pickDataRun([queued], null)).toBeNull();
  });
});

describe("dataFromRun", () => {
  it("gives every step the output of the one run, never a newer or older run's", () => {
    // Merging by step took step 1 from the live run and steps 2-3 from the test run: an alert's
    // trigger next to another alert's enrichment.
    const data = dataFromRun(live, steps);
    expect(data.map((d) => [d.number, d.hasOutput, d.hasOutput ? d.output : d.missing])).toEqual([
      [1, true, { alert: "new" }],
      [2, false, "failed in this run"],
      [3, false, "skipped in this run"],
    ]);
    expect(dataFromRun(test, steps).map((d) => d.output)).toEqual([{ alert: "old" }, { owner: "old-owner" }, { id: 7 }]);
  });

  it("says why a step has no output: not part of a single-step test, not in the run, no run at all", () => {
    const stepTest: DataRun = { id: "r-step", status: "succeeded", test: true, scope: "step", targetStepId: "enrich", createdAt: "2026-05-03T10:00:00Z", steps: [{ stepId: "hook", status: "succeeded", output: {} }, { stepId: "enrich", status: "succeeded", output: 1 }] };
    expect(dataFromRun(stepTest, steps)[2].missing).toBe("not part of this test");
    expect(dataFromRun({ ...live, steps: live.steps.slice(0, 1) }, steps)[1].missing).toBe("not in this run");
    expect(dataFromRun(null, steps).map((d) => d.missing)).toEqual(["no output yet", "no output yet", "no output yet"]);
  });

  it("keeps a null output as an output", () => {
    const run: DataRun = { ...test, steps: [{ stepId: "hook", status: "succeeded", output: null }] };
    expect(dataFromRun(run, steps)[0]).toMatchObject({ hasOutput: true, output: null });
  });
});

describe("runKindLabel", () => {
  it("names live runs, and tests as the Runs page and Executions do", () => {
    expect(runKindLabel(live, steps)).toBe("Live run");
    expect(runKindLabel(test, steps)).toBe("test · whole workflow");
    expect(runKindLabel({ test: true, scope: "step", targetStepId: "ticket", steps: [] }, steps)).toBe("test · step 3");
    expect(runKindLabel({ test: true, scope: "step", targetStepId: null, steps: [] }, steps)).toBe("test · step 1");
    // The run's own record of the step wins over where the step is now; a removed step is "one step".
    expect(runKindLabel({ test: true, scope: "step", targetStepId: "ticket", steps: [{ stepId: "ticket", status: "succeeded", number: 2 }] }, steps)).toBe("test · step 2");
    expect(runKindLabel({ test: true, scope: "step", targetStepId: "gone", steps: [] }, steps)).toBe("test · one step");
  });
});

describe("a run retention cleared", () => {
  const cleared: DataRun = {
    ...test,
    id: "r-cleared",
    outputsClearedAt: "2026-05-20T07:00:00.000Z",
    steps: test.steps.map((s) => ({ ...s, output: null })),
  };

  it("says its outputs were cleared, and when, instead of offering null outputs", () => {
    expect(dataFromRun(cleared, steps).map((s) => [s.hasOutput, s.missing])).toEqual([
      [false, "cleared by retention on 2026-05-20"],
      [false, "cleared by retention on 2026-05-20"],
      [false, "cleared by retention on 2026-05-20"],
    ]);
  });

  it("is taken as the latest only when no run kept its outputs", () => {
    expect(pickDataRun([cleared, test], null)?.id).toBe("r-test");
    expect(pickDataRun([cleared], null)?.id).toBe("r-cleared");
  });
});

describe("a skipped step", () => {
  const definition = [
    { id: "hook", kind: "webhook", config: {} },
    { id: "sev", kind: "conditions", config: { branches: [{ id: "b1", target: "crit" }], otherwise: { target: "low" } } },
    { id: "crit", kind: "transform", config: {} },
    { id: "low", kind: "transform", config: {} },
  ];
  const shown = [
    { id: "hook", name: "Webhook", kind: "webhook" },
    { id: "sev", name: "Severity", kind: "conditions" },
    { id: "crit", name: "Critical", kind: "transform" },
  ];
  const run: DataRun = {
    id: "r-branch",
    status: "succeeded",
    test: false,
    createdAt: "2026-05-02T10:00:00Z",
    steps: [
      { stepId: "hook", number: 1, kind: "webhook", name: "Webhook", status: "succeeded", output: {} },
      { stepId: "sev", number: 2, kind: "conditions", name: "Severity", status: "succeeded", output: { branch: "otherwise" } },
      { stepId: "crit", number: 3, kind: "transform", name: "Critical", status: "skipped", output: null },
      { stepId: "low", number: 4, kind: "transform", name: "Low", status: "succeeded", output: {} },
    ],
  };

  it("says why, in Executions' and Test & Debug's words", () => {
    expect(dataFromRun(run, shown, definition)[2].missing).toBe("skipped in this run: the branch it took does not include it — step 2 (Severity) matched no branch and went Otherwise.");
  });
});
