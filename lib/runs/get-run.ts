// One run with its step records, for the Executions tab. A run in a workspace the caller
// cannot see answers 404 "run not found", like a missing id. `outputs: false` leaves out the
// payload and the steps' outputs and logs, read from the database neither: the Runs page shows
// only each step's status, time and error, and a run with a 4 MB output was downloaded whole
// for that, again on every refresh while it ran.
import { notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { readExactRunData } from "@/lib/runs/read-exact-run-data";
import { toRunView, type RunView } from "@/lib/runs/to-run-view";
import { storedSteps } from "@/lib/workflows/stored-steps";
import { requireRunRole } from "@/lib/runs/require-run-role";

/** A run without its data: no `trigger`, and steps without `output` and `logs` — but a Conditions
 *  step's output, the branch it chose ({"branch", "name"}, a few bytes), which says why the run
 *  skipped a later step (lib/editor/skip-reason.ts) where the run is shown without its data. */
export type RunOverview = Omit<RunView, "trigger" | "steps"> & { steps: (Omit<RunView["steps"][number], "output" | "logs"> & { output?: unknown })[] };

export async function getRun(opts: { runId: string; userId: string; tx?: Tx; outputs?: true }): Promise<RunView>;
export async function getRun(opts: { runId: string; userId: string; tx?: Tx; outputs: boolean }): Promise<RunView | RunOverview>;
export async function getRun({ runId, userId, tx, outputs = true }: { runId: string; userId: string; tx?: Tx; outputs?: boolean }): Promise<RunView | RunOverview> {
  const c = tx ?? db();
  if (!outputs) return getRunOverview(runId, userId, c, tx);
  const run = await c.run.findUnique({
    where: { id: runId },
    include: { steps: { orderBy: { number: "asc" } }, workflow: { select: { steps: true } } },
  });
  if (!run) throw notFound("run");
  await requireRunRole({ userId, workspaceId: run.workspaceId, min: "viewer", tx });
  const { steps, workflow, ...row } = run;
  return keepExactIntegers(toRunView({ run: row, steps, definition: storedSteps(workflow) }), c);
}

async function getRunOverview(runId: string, userId: string, c: Tx | ReturnType<typeof db>, tx?: Tx): Promise<RunOverview> {
  const run = await c.run.findUnique({
    where: { id: runId },
    omit: { trigger: true },
    include: { steps: { orderBy: { number: "asc" }, omit: { output: true, logs: true } }, workflow: { select: { steps: true } } },
  });
  if (!run) throw notFound("run");
  await requireRunRole({ userId, workspaceId: run.workspaceId, min: "viewer", tx });
  const { steps, workflow, ...row } = run;
  const chose = steps.some((s) => s.kind === "conditions")
    ? new Map((await c.runStep.findMany({ where: { runId, kind: "conditions" }, select: { stepId: true, output: true } })).map((s) => [s.stepId, s.output]))
    : null;
  const view = toRunView({ run: { ...row, trigger: null }, steps: steps.map((s) => ({ ...s, output: null, logs: [] })), definition: storedSteps(workflow) });
  const { trigger: _trigger, steps: viewSteps, ...rest } = view;
  return { ...rest, steps: viewSteps.map(({ output: _output, logs: _logs, ...step }) => (chose?.has(step.stepId) ? { ...step, output: chose.get(step.stepId) ?? null } : step)) };
}

// The trigger (and step 1's record of it) read back as posted, a 64-bit id in it exact
// (read-exact-run-data.ts).
async function keepExactIntegers(view: RunView, c: Tx | ReturnType<typeof db>): Promise<RunView> {
  const first = view.steps.find((s) => s.number === 1);
  const exact = await readExactRunData(c, view.id, { trigger: view.trigger, step: first && { stepId: first.stepId, output: first.output } });
  if (exact.trigger === view.trigger && exact.output === first?.output) return view;
  return { ...view, trigger: exact.trigger, steps: view.steps.map((s) => (s === first ? { ...s, output: exact.output } : s)) };
}
