// One step's record in a run, its output and logs with it (GET /api/v1/runs/{id}/steps/{stepId}):
// Workflow data shows the outputs of the steps before the one selected, from one run, and read
// the whole of each of the 10 latest runs for it — every output of each, 4 MB apiece for a run
// with a big one — where it now reads the runs without their data (getRun's `outputs: false`)
// and then only the outputs it shows. A run in a workspace the caller cannot see answers 404
// "run not found", like a missing id; a step the run has no record of, 404 "step not found".
// `preview`: the output cut to what the data tree draws (lib/json/preview-json.ts), its cuts
// said, without the logs — the tree drew a few sample items of a 4 MB output read whole.
import { notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { PREVIEW_LIMITS, previewJson, type PreviewCut, type PreviewLimits } from "@/lib/json/preview-json";
import { readExactRunData } from "@/lib/runs/read-exact-run-data";
import { requireRunRole } from "@/lib/runs/require-run-role";
import { toRunView, type RunStepView } from "@/lib/runs/to-run-view";
import { storedSteps } from "@/lib/workflows/stored-steps";

/** A step's record with its output previewed: no `logs`, and `preview` saying what was cut. */
export type RunStepPreview = Omit<RunStepView, "logs"> & { preview: { limits: PreviewLimits; cuts: PreviewCut[] } };

type Opts = { runId: string; stepId: string; userId: string; tx?: Tx };

export async function getRunStep(opts: Opts & { preview?: false }): Promise<RunStepView>;
export async function getRunStep(opts: Opts & { preview: boolean }): Promise<RunStepView | RunStepPreview>;
export async function getRunStep({ runId, stepId, userId, tx, preview = false }: Opts & { preview?: boolean }): Promise<RunStepView | RunStepPreview> {
  const c = tx ?? db();
  const run = await c.run.findUnique({
    where: { id: runId },
    omit: { trigger: true },
    // A preview leaves the logs unread (a Code step's may be 5 MB).
    include: { steps: { where: { stepId }, omit: { logs: preview } }, workflow: { select: { steps: true } } },
  });
  if (!run) throw notFound("run");
  await requireRunRole({ userId, workspaceId: run.workspaceId, min: "viewer", tx });
  const { steps, workflow, ...row } = run;
  const found = toRunView({ run: { ...row, trigger: null }, steps: steps.map((s) => ({ ...s, logs: s.logs ?? [] })), definition: storedSteps(workflow) }).steps[0];
  if (!found) throw notFound("step");
  // Step 1's output is the payload as posted: a 64-bit id in it reads back exactly, as in getRun.
  const step = found.number === 1 ? { ...found, output: (await readExactRunData(c, runId, { step: found })).output } : found;
  if (!preview) return step;
  const { logs: _logs, output, ...rest } = step;
  const { value, cuts } = previewJson(output);
  return { ...rest, output: value, preview: { limits: PREVIEW_LIMITS, cuts } };
}
