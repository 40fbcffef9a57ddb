// Why a run skipped a step, in the words the editor's Executions ("The run you opened skipped
// this step: …") and Test & Debug ("This run skipped this step: …") both use. The records alone
// cannot say it: a run that ends (fails, is stopped) records every step it did not reach as
// skipped too. So the Conditions step that chose the run's way is read with the workflow as the
// editor holds it: a step outside the branch it chose was left out by that branch, whatever came
// after. Pure and client-safe.

type StepRecord = { stepId?: string; number: number; kind?: string; name?: string | null; status: string; output?: unknown; error?: string | null };
export type SkipRun = { status: string; steps: readonly StepRecord[] };
/** The workflow's steps in order (the editor's). */
export type SkipDefinition = readonly { id: string; kind: string; config: unknown }[];

/** A step record in these states means the run reached the step. */
const REACHED = new Set(["running", "waiting", "succeeded", "failed", "stopped"]);

type Branches = { branches?: { id?: unknown; target?: unknown }[]; otherwise?: { target?: unknown } };

/** Whether step `number` lies in the branch the Conditions step chose, as plan-path.ts bounds a
 *  branch (its target up to the next target of the same Conditions step); null: cannot tell. */
function inChosenBranch(cond: StepRecord, branch: unknown, number: number, steps: SkipDefinition | undefined): boolean | null {
  const def = steps?.find((s) => s.id === cond.stepId);
  if (!steps || !def || def.kind !== "conditions") return null;
  const config = (def.config ?? {}) as Branches;
  const list = Array.isArray(config.branches) ? config.branches : [];
  const target = branch === "otherwise" ? config.otherwise?.target : list.find((b) => b.id === branch)?.target;
  if (typeof target !== "string" || target === "stop") return false; // the run ended there
  const at = (id: unknown) => steps.findIndex((s) => s.id === id) + 1;
  const from = at(target);
  if (from === 0) return null;
  const ends = [...list.map((b) => b.target), config.otherwise?.target].map(at).filter((n) => n > from);
  const end = ends.length ? Math.min(...ends) : steps.length + 1;
  return number >= from && number < end;
}

/** " — step 2 (Severity) chose “Low”": the Conditions step before `number` that chose the run's
 *  way, and whether `number` lies outside the branch it chose (null: cannot tell). */
function decidedBy(run: SkipRun, number: number, steps: SkipDefinition | undefined): { text: string; outside: boolean | null } {
  const cond = run.steps.filter((s) => s.kind === "conditions" && s.number < number && s.status === "succeeded").at(-1);
  if (!cond) return { text: "", outside: null };
  const out = (cond.output ?? {}) as { branch?: unknown; name?: unknown };
  const inside = inChosenBranch(cond, out.branch, number, steps);
  const outside = inside === null ? null : !inside;
  const step = `step ${cond.number}${cond.name ? ` (${cond.name})` : ""}`;
  if (out.branch === "otherwise") return { text: ` — ${step} matched no branch and went Otherwise`, outside };
  const branch = typeof out.name === "string" && out.name.trim() ? out.name : typeof out.branch === "string" ? out.branch : null;
  return { text: branch ? ` — ${step} chose “${branch}”` : "", outside };
}

/** The record's own reason when it has one (edited while the run waited); a step outside the
 *  branch a Conditions step chose, or one a later step went past, was left out by the branch
 *  (named when a Conditions step chose it); else the run's ending. */
export function skipReason(run: SkipRun, step: { number: number; error?: string | null }, steps?: SkipDefinition): string {
  if (step.error) return step.error.endsWith(".") ? step.error : `${step.error}.`;
  const decided = decidedBy(run, step.number, steps);
  const branch = `the branch it took does not include it${decided.text}.`;
  if (decided.outside === true || run.steps.some((s) => s.number > step.number && REACHED.has(s.status))) return branch;
  if (run.status === "failed") return "the run failed before it reached this step.";
  if (run.status === "stopped") return "the run was stopped before it reached this step.";
  return branch;
}
