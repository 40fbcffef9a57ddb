// Steps of the source that plainly replace a step of the client's copy: the provider deleted a
// step and added it again (the editor gives it a new id), so ids no longer match (match-copy-steps.ts)
// though it is the same step to a technician — same kind, same app (config.app), same name, and the
// old id gone from the source. The client's account choice carries over to it (plan-push.ts), as
// the preflight promises ("the client's account choices are kept"). Only a one-to-one pairing
// counts: two candidates either way are not plainly the same step, and get no choice. Pure.
import type { Step } from "@/lib/workflows/definition";

const sameStep = (a: Step, b: Step) => a.kind === b.kind && a.name === b.name && (a.config.app ?? null) === (b.config.app ?? null);

/** Source step id -> the copy's step it replaces. */
export function replacedCopySteps(source: readonly Step[], existing: readonly Step[] | null): Map<string, Step> {
  const found = new Map<string, Step>();
  if (!existing) return found;
  const sourceIds = new Set(source.map((s) => s.id));
  const copyIds = new Set(existing.map((s) => s.id));
  const newSteps = source.filter((s) => !copyIds.has(s.id));
  const goneSteps = existing.filter((s) => !sourceIds.has(s.id));
  for (const s of newSteps) {
    const candidates = goneSteps.filter((g) => sameStep(s, g));
    if (candidates.length !== 1) continue;
    if (newSteps.filter((n) => sameStep(n, candidates[0])).length !== 1) continue;
    found.set(s.id, candidates[0]);
  }
  return found;
}
