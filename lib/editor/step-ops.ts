// Structural edits of a workflow's step list, as the editor makes them. Every edit keeps the
// definition sound: references are renumbered (step-references.ts), a trigger stays step 1,
// and Conditions branch targets keep pointing at a later step (or "stop"). A branch is never
// changed behind the user's back: a move that would put a target before its Conditions step is
// refused with the reason (moveProblem), and what a delete does to the branches that led to the
// step is listed before it (retargetsOnRemove). Pure, client-safe.
import { STEP_CATALOG, type StepKind } from "@/lib/steps/catalog";
import { mappingForInsert, mappingForMove, mappingForRemove, rewriteStepReferences } from "@/lib/editor/step-references";
import { defaultConfig } from "@/lib/editor/default-config";

export type EditorStep = { id: string; kind: StepKind; name: string; config: Record<string, unknown> };

/** Where a branch of a Conditions step leads: a branch id, or "otherwise". */
export type BranchRef = { stepId: string; branch: string };

export const OTHERWISE = "otherwise";

export function newId(prefix: string): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  let s = "";
  for (const b of bytes) s += "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[b & 63];
  return `${prefix}_${s}`;
}

export const isTrigger = (kind: StepKind) => STEP_CATALOG[kind].trigger;

export function createStep(kind: StepKind, id = newId("st")): EditorStep {
  return { id, kind, name: STEP_CATALOG[kind].label, config: defaultConfig(kind, () => newId("br")) };
}

type Branch = { id: string; name?: string; target: string };
type ConditionsShape = { branches?: Branch[]; otherwise?: { target: string | null } };

/** Every (branch, target) of a Conditions step, otherwise last; targets as stored. */
export function branchTargets(step: EditorStep): { branch: string; name: string; target: string | null }[] {
  if (step.kind !== "conditions") return [];
  const cfg = step.config as ConditionsShape;
  const out: { branch: string; name: string; target: string | null }[] = (cfg.branches ?? []).map((b, i) => ({
    branch: b.id,
    name: b.name || `Branch ${i + 1}`,
    target: b.target ?? null,
  }));
  out.push({ branch: OTHERWISE, name: "Otherwise", target: cfg.otherwise?.target ?? null });
  return out;
}

/** Returns the step with the target of one branch replaced (otherwise may be null = end). */
export function setBranchTarget(step: EditorStep, branch: string, target: string | null): EditorStep {
  const cfg = step.config as ConditionsShape;
  if (branch === OTHERWISE) return { ...step, config: { ...cfg, otherwise: { ...(cfg.otherwise ?? {}), target } } };
  const branches = (cfg.branches ?? []).map((b) => (b.id === branch ? { ...b, target: target ?? "stop" } : b));
  return { ...step, config: { ...cfg, branches } };
}

/** Where a branch that led to a removed step goes: `to` is a step id or "stop". Numbers are 1-based, as before the removal. */
export type Retarget = { conditions: number; branch: string; name: string; to: string; toNumber: number | null };

/**
 * What removing step `id` does to the branches that lead to it. A branch runs from its target to
 * the next target of the same Conditions step (lib/runs/plan-path.ts), so the step after the
 * removed one carries the branch on — unless there is none, or it starts another branch of that
 * Conditions step: the branch is then empty, and it stops the run rather than run another
 * branch's steps (an alert's "Isolate device" removed must not make it "Close as benign").
 */
export function retargetsOnRemove(steps: readonly EditorStep[], id: string): Retarget[] {
  const at = steps.findIndex((s) => s.id === id);
  if (at < 0) return [];
  const next = steps[at + 1];
  return steps.flatMap((s, i) => {
    const all = branchTargets(s);
    const starts = new Set(all.map((b) => b.target));
    return all
      .filter((b) => b.target === id)
      .map((b) => {
        const carriesOn = next !== undefined && !starts.has(next.id);
        return { conditions: i + 1, branch: b.branch, name: b.name, to: carriesOn ? next.id : "stop", toNumber: carriesOn ? at + 2 : null };
      });
  });
}

/** Inserts a new step at 0-based `index`; triggers always go to 0 and replace an existing trigger. */
export function insertStep(steps: EditorStep[], index: number, step: EditorStep, via?: BranchRef): EditorStep[] {
  if (isTrigger(step.kind)) {
    // Replacing the trigger keeps every {{ 1.… }}: the new trigger is step 1 as the old one was.
    if (steps[0] && isTrigger(steps[0].kind)) return [step, ...steps.slice(1)];
    return [step, ...rewriteStepReferences(steps, mappingForInsert(steps.length, 0))];
  }
  const min = steps[0] && isTrigger(steps[0].kind) ? 1 : 0;
  const at = Math.max(min, Math.min(index, steps.length));
  const renumbered = rewriteStepReferences(steps, mappingForInsert(steps.length, at));
  let next = [...renumbered.slice(0, at), { ...step, config: continueOtherwise(step, renumbered[at]) }, ...renumbered.slice(at)];
  if (via) next = next.map((s) => (s.id === via.stepId ? setBranchTarget(s, via.branch, step.id) : s));
  else if (at === steps.length && at > 0) next[at - 1] = otherwiseOnTo(next[at - 1], step.id);
  return next;
}

/**
 * A step added after a last Conditions step whose Otherwise ends the run is where Otherwise goes
 * now: added after a filter (a branch to "Stop the run"), it runs for everything the filter lets
 * through, as the user building the workflow downwards expects. Left ending the run, no run
 * could ever reach it. A Conditions step whose Otherwise already leads somewhere keeps it.
 */
function otherwiseOnTo(conditions: EditorStep, id: string): EditorStep {
  if (conditions.kind !== "conditions") return conditions;
  const otherwise = (conditions.config as ConditionsShape).otherwise;
  if (!otherwise || otherwise.target != null) return conditions;
  return setBranchTarget(conditions, OTHERWISE, id);
}

/**
 * A new Conditions step put in front of other steps sends what no branch takes on to the step
 * after it: inserted as a filter ("Branch 1 → Stop the run"), the steps already there go on
 * running for everything else. Its default "otherwise: end of run" skipped them for every event.
 */
function continueOtherwise(step: EditorStep, following: EditorStep | undefined): Record<string, unknown> {
  const otherwise = step.config.otherwise as { target?: string | null } | undefined;
  if (step.kind !== "conditions" || !following || !otherwise || otherwise.target != null) return step.config;
  return { ...step.config, otherwise: { ...otherwise, target: following.id } };
}

/** Removes a step; branches that led to it go where retargetsOnRemove says. */
export function removeStep(steps: EditorStep[], id: string): EditorStep[] {
  const at = steps.findIndex((s) => s.id === id);
  if (at < 0) return steps;
  const moves = retargetsOnRemove(steps, id);
  let rest = rewriteStepReferences(steps, mappingForRemove(steps.length, at));
  for (const m of moves) rest = rest.map((s, i) => (i === m.conditions - 1 ? setBranchTarget(s, m.branch, m.to) : s));
  return rest.filter((s) => s.id !== id);
}

/** Whether the step at `from` may move to `to` (a trigger stays first, nothing passes it). */
export function canMove(steps: readonly EditorStep[], from: number, to: number): boolean {
  if (from < 0 || from >= steps.length || to < 0 || to >= steps.length || from === to) return false;
  const hasTrigger = steps[0] !== undefined && isTrigger(steps[0].kind);
  if (hasTrigger && (from === 0 || to === 0)) return false;
  return true;
}

const moved = <T>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/**
 * Why the step at `from` may not move to `to`, or null: the move would put a branch's target at
 * or before its Conditions step, where no branch may lead. Such a move is refused, never made by
 * changing the branch: the user points the branch elsewhere first.
 */
export function moveProblem(steps: readonly EditorStep[], from: number, to: number): string | null {
  if (!canMove(steps, from, to)) return null;
  const before = new Map(steps.map((s, i) => [s.id, i]));
  const after = new Map(moved(steps, from, to).map((s, i) => [s.id, i]));
  const later = (order: Map<string, number>, target: string, of: string) => (order.get(target) ?? -1) > order.get(of)!;
  const broken = steps.flatMap((s, i) =>
    branchTargets(s)
      .filter((b) => b.target !== null && b.target !== "stop" && later(before, b.target, s.id) && !later(after, b.target, s.id))
      .map((b) => `branch “${b.name}” of step ${i + 1} leads to step ${before.get(b.target!)! + 1}`),
  );
  if (!broken.length) return null;
  return `Step ${from + 1} cannot move ${to < from ? "up" : "down"}: ${broken.join(", ")}, and a branch can only lead to a later step. Point ${broken.length > 1 ? "those branches" : "the branch"} at another step first.`;
}

/** Moves a step; a move moveProblem refuses leaves the steps as they are. */
export function moveStep(steps: EditorStep[], id: string, to: number): EditorStep[] {
  const from = steps.findIndex((s) => s.id === id);
  if (!canMove(steps, from, to) || moveProblem(steps, from, to)) return steps;
  return moved(rewriteStepReferences(steps, mappingForMove(steps.length, from, to)), from, to);
}

export function updateStep(steps: EditorStep[], id: string, patch: Partial<Pick<EditorStep, "name" | "config">>): EditorStep[] {
  return steps.map((s) => (s.id === id ? { ...s, ...patch } : s));
}

/** Steps (1-based numbers) whose templates refer to step `number`: used to warn before deleting it. */
export function dependents(steps: EditorStep[], number: number): number[] {
  return steps.flatMap((s, i) => {
    const probe = rewriteStepReferences([s], new Map([[number, null]]))[0];
    return JSON.stringify(probe.config) !== JSON.stringify(s.config) ? [i + 1] : [];
  });
}
