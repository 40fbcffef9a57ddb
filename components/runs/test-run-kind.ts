// Which kind of test a run is, for the run lists (Runs page, the editor's Executions) and Run
// again. Run step on one step executes that step alone — on the trigger it only records the
// payload — while Run now, and Run again of any run, executes the whole workflow: its HTTP
// Request and AI steps call their services (README, Runs: Stop and Run again). Both were
// labelled only "test", so Run again on a one-step test could send requests nobody expected.
// Pure and client-safe.
import { oneStep, type DataRun, type DataRunStep } from "@/lib/editor/data-run";

export type TestRun = {
  test: boolean;
  /** "step": one step was tested; "workflow": every step ran. */
  scope?: string;
  /** A one-step test of a step after the trigger: the step it executed. */
  targetStepId?: string | null;
  /** The run's step records, where a one-step test's number is found once it has run. */
  steps?: readonly { stepId: string; number: number }[];
  /** The tested step's number when the caller knows it (the Runs page's list has it). */
  testedStep?: number | null;
};

/** The number of the one step a test ran (1 for the trigger's Run step); null for a whole-workflow run or an unknown one. */
export function testedStepNumber(run: TestRun): number | null {
  if (run.scope !== "step") return null;
  if (run.testedStep != null) return run.testedStep;
  if (!run.targetStepId) return 1;
  return run.steps?.find((s) => s.stepId === run.targetStepId)?.number ?? null;
}

/** "test · step 3", "test · whole workflow"; null for a live run. */
export function testRunLabel(run: TestRun): string | null {
  if (!run.test) return null;
  if (run.scope !== "step") return "test · whole workflow";
  const n = testedStepNumber(run);
  return n === null ? "test · one step" : `test · step ${n}`;
}

/** What Run again does that the run itself did not: said beside the button of a one-step test. */
export function rerunNote(run: TestRun): string | null {
  if (run.scope !== "step") return null;
  const n = testedStepNumber(run);
  const only = n === 1 ? "the trigger" : n === null ? "the step tested" : `step ${n}`;
  return `Runs the whole workflow, not only ${only}: steps that call other services call them.`;
}

/** Workflow data's "Data from": "Live run" (a delivery or a schedule), or a test in the words of
 *  the Runs page and Executions: "test · whole workflow" (Run now, Run again), "test · step 3" (Run
 *  step on step 3; the trigger's is step 1). The step's number is the run's record of it, else its
 *  place in the workflow now. */
export function runKindLabel(run: Pick<DataRun, "test" | "scope" | "targetStepId" | "steps">, steps: readonly { id: string }[]): string {
  if (!run.test) return "Live run";
  const at = run.targetStepId ? steps.findIndex((s) => s.id === run.targetStepId) + 1 : 0;
  const recorded = run.steps.filter((s): s is DataRunStep & { number: number } => s.number !== undefined);
  return testRunLabel({ test: true, scope: oneStep(run) ? "step" : run.scope, targetStepId: run.targetStepId, steps: recorded, testedStep: recorded.some((s) => s.stepId === run.targetStepId) ? null : at || null }) ?? "test";
}
