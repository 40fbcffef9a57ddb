// One step's record in a run, its output and logs with it (GET /api/v1/runs/{id}/steps/{stepId}):
// Workflow data shows the outputs of the steps before the one selected, from one run, and read
// the whole of each of the 10 latest runs for it — every output of each, 4 MB apiece for a run
// with a big one — where it now reads the runs without their data (getRun's `outputs: false`)
// and then only the outputs it shows. A run in a workspace the caller cannot see answers 404
// "run not found", like a missing id; a step the run has no record of, 404 "step not found".
import { notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { mayHaveRoundedIntegers, mayLoseNumbers, parseExactJson } from "@/lib/json/parse-exact-json";
import { requireRunRole } from "@/lib/runs/require-run-role";
import { toRunView, type RunStepView } from "@/lib/runs/to-run-view";
import { storedSteps } from "@/lib/workflows/stored-steps";

export async function getRunStep({ runId, stepId, userId, tx }: { runId: string; stepId: string; userId: string; tx?: Tx }): Promise<RunStepView> {
  const c = tx ?? db();
  const run = await c.run.findUnique({
    where: { id: runId },
    omit: { trigger: true },
    include: { steps: { where: { stepId } }, workflow: { select: { steps: true } } },
  });
  if (!run) throw notFound("run");
  await requireRunRole({ userId, workspaceId: run.workspaceId, min: "viewer", tx });
  const { steps, workflow, ...row } = run;
  const step = toRunView({ run: { ...row, trigger: null }, steps, definition: storedSteps(workflow) }).steps[0];
  if (!step) throw notFound("step");
  // Step 1's output is the payload as posted: a 64-bit id in it reads back exactly, as in getRun.
  if (step.number !== 1 || !mayHaveRoundedIntegers(step.output)) return step;
  const [text] = await c.$queryRaw<{ output: string | null }[]>`SELECT output::text AS output FROM "RunStep" WHERE "runId" = ${runId} AND "stepId" = ${stepId}`;
  return text?.output != null && mayLoseNumbers(text.output) ? { ...step, output: parseExactJson(text.output) } : step;
}
