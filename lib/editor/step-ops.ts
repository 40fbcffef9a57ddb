// Structural edits of a workflow's step list, as the editor makes them. Every edit keeps the
// definition sound: references are renumbered (step-references.ts), a trigger stays step 1,
// and Conditions branch targets keep pointing at a later step (or "stop"). Pure, client-safe.
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

/** Re-points targets with `fix(target, conditionsIndex)`; leaves steps untouched when nothing changes. */
function mapTargets(steps: EditorStep[], fix: (target: string, at: number) => string | null): EditorStep[] {
  return steps.map((s, i) => {
    let next = s;
    for (const b of branchTargets(s)) {
      if (b.target === null || b.target === "stop") continue;
      const t = fix(b.target, i);
      if (t !== b.target) next = setBranchTarget(next, b.branch, b.branch === OTHERWISE ? t : (t ?? "stop"));
    }
    return next;
  });
}

/** A target must be a later step; one that is not (after a move) ends the run instead. */
function repairTargets(steps: EditorStep[]): EditorStep[] {
  const index = new Map(steps.map((s, i) => [s.id, i]));
  return mapTargets(steps, (t, at) => ((index.get(t) ?? -1) > at ? t : "stop"));
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
  let next = [...renumbered.slice(0, at), step, ...renumbered.slice(at)];
  if (via) next = next.map((s) => (s.id === via.stepId ? setBranchTarget(s, via.branch, step.id) : s));
  return next;
}

/** Removes a step; branches that led to it lead to the step that followed it instead. */
export function removeStep(steps: EditorStep[], id: string): EditorStep[] {
  const at = steps.findIndex((s) => s.id === id);
  if (at < 0) return steps;
  const successor = steps[at + 1]?.id ?? "stop";
  const rest = rewriteStepReferences(steps, mappingForRemove(steps.length, at)).filter((s) => s.id !== id);
  return repairTargets(mapTargets(rest, (t) => (t === id ? successor : t)));
}

/** Whether the step at `from` may move to `to` (a trigger stays first, nothing passes it). */
export function canMove(steps: EditorStep[], from: number, to: number): boolean {
  if (from < 0 || from >= steps.length || to < 0 || to >= steps.length || from === to) return false;
  const hasTrigger = steps[0] !== undefined && isTrigger(steps[0].kind);
  if (hasTrigger && (from === 0 || to === 0)) return false;
  return true;
}

export function moveStep(steps: EditorStep[], id: string, to: number): EditorStep[] {
  const from = steps.findIndex((s) => s.id === id);
  if (!canMove(steps, from, to)) return steps;
  const renumbered = rewriteStepReferences(steps, mappingForMove(steps.length, from, to));
  const next = [...renumbered];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return repairTargets(next);
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
