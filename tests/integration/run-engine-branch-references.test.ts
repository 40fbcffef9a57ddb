// A workflow Live from before going Live refused it can hold a step that reads a step on another
// branch. Such a run sent the value as empty and succeeded; the step now fails saying which step
// it reads and why no run that reaches it has that step's output.
import { describe, expect, it } from "vitest";
import { createWorkflow, enqueueRun, finishedRun, statuses, startEngineWorker } from "./run-engine-fixtures";

startEngineWorker();

describe("a run reaching a step that reads another branch's step", () => {
  it("fails that step naming the reference, the step it reads and the branches", async () => {
    // 1 webhook, 2 Critical? (Yes → 3, Otherwise → 4), 3 isolate, 4 ticket reading step 3.
    const wf = await createWorkflow([
      { kind: "webhook", config: {} },
      { kind: "conditions", config: { branches: [{ id: "yes", name: "Yes", match: "all", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "critical" }], target: "s3" }], otherwise: { target: "s4" } } },
      { kind: "transform", name: "Isolate", config: { fields: [{ name: "id", expression: "{{ 1.host }}" }] } },
      { kind: "transform", name: "Ticket", config: { fields: [{ name: "about", expression: "{{ 3.id }}" }] } },
    ]);
    const run = await finishedRun(await enqueueRun(wf, { severity: "low", host: "pc-7" }));
    expect([run.status, ...statuses(run)]).toEqual(["failed", "1:succeeded", "2:succeeded", "3:skipped", "4:failed"]);
    const why = '{{ 3.id }} refers to step 3, which is on branch "Yes" of step 2; this step is on Otherwise, so no run that reaches it has run step 3 (read a step before step 2, or one on its own branch) (change the reference in the editor)';
    expect(run.steps[3].error).toBe(why);
    expect(run.error).toBe(`step 4 (Data Transformation "Ticket"): ${why}`);

    // The Yes branch runs its own step and ends before step 4, as before.
    const critical = await finishedRun(await enqueueRun(wf, { severity: "critical", host: "pc-7" }));
    expect([critical.status, ...statuses(critical)]).toEqual(["succeeded", "1:succeeded", "2:succeeded", "3:succeeded", "4:skipped"]);
  });
});
