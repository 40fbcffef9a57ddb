// The branch rule. Steps run in order. A Conditions step sends the run to the target of the
// branch it takes, and that branch covers the steps from its target up to (not including) the
// next step that is a target of the same Conditions step; after the branch's last step the run
// ends (succeeded). Steps between the Conditions step and the target, and every step outside
// the branch, are recorded as skipped. Target "stop" ends the run as `stopped`; an otherwise
// target of null ends it as `succeeded`.
//
// Example: 1 webhook, 2 conditions (Critical → 3, otherwise → 5), 3 isolate, 4 page on-call,
// 5 open ticket. Critical runs 3 and 4; otherwise runs 5. A Conditions step inside a branch
// narrows the bound further; a target beyond the current branch's end leaves that branch and
// takes the new branch's bound.
//
// A resumed run (woken from a Wait or a retry's backoff, or taken over after its worker died)
// walks the workflow as it is now, which may have been edited meanwhile: it continues from the
// step it was parked on (resumePoint). Steps it has no record of ahead of that point were added
// or moved there by the edit; they are recorded skipped, never run behind the run's back.
import type { StepRecord } from "@/lib/runs/run-records";
import { FINAL_STEP_STATUSES } from "@/lib/runs/run-records";
import { conditionsConfig } from "@/lib/steps/catalog";
import type { Step } from "@/lib/workflows/definition";

/** Step ids a Conditions step can send the run to (not "stop", not null). */
export function conditionTargets(step: Step): string[] {
  const parsed = conditionsConfig.safeParse(step.config);
  if (!parsed.success) return [];
  const all = [...parsed.data.branches.map((b) => b.target), parsed.data.otherwise.target];
  return all.filter((t): t is string => t !== null && t !== "stop");
}

/** Where a recorded Conditions output leads: a step id, "stop", or null (end of run). */
export function conditionsNext(step: Step, output: unknown): string | null {
  const parsed = conditionsConfig.safeParse(step.config);
  if (!parsed.success) return null;
  const branch = (output as { branch?: unknown } | null)?.branch;
  const taken = parsed.data.branches.find((b) => b.id === branch);
  return taken ? taken.target : parsed.data.otherwise.target;
}

/**
 * The exclusive end of the branch that starts at `target` (1-based numbers), given the
 * Conditions step at `from` and the bound the run was already under.
 */
export function branchEnd(steps: readonly Step[], from: number, target: number, currentEnd: number): number {
  const positions = conditionTargets(steps[from - 1])
    .map((id) => steps.findIndex((s) => s.id === id) + 1)
    .filter((n) => n > target);
  const own = positions.length ? Math.min(...positions) : steps.length + 1;
  return target < currentEnd ? Math.min(currentEnd, own) : own;
}

/**
 * The number (1-based, in `steps` as they are now) of the step a run continues from: the step
 * whose record is still open (the one it was parked on, or executing when its worker died), or,
 * when that step was removed or none is open, the furthest step it has a record of. 0: none.
 */
export function resumePoint(steps: readonly Step[], records: ReadonlyMap<string, StepRecord>): number {
  let furthest = 0;
  for (const [i, s] of steps.entries()) {
    const rec = records.get(s.id);
    if (!rec) continue;
    if (!FINAL_STEP_STATUSES.has(rec.status)) return i + 1;
    furthest = i + 1;
  }
  return furthest;
}
