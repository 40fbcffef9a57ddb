// The window a workflow's "was already seen" rules give now, for the routes that say which ids are
// remembered (list, check, forget). A run takes an id as seen until min(its stored expiry, first
// seen + the rule's days) (lib/runs/record-seen-key.ts): shortening "Remember for (days)" applies to
// the ids already recorded, lengthening it does not extend them (retention deletes each at its stored
// expiry). The routes read it the same way, or they listed an id as remembered that the next
// delivery went past.
import { seenWindowDays } from "@/lib/steps/seen-before";
import type { Step } from "@/lib/workflows/definition";

/** The longest window of the workflow's rules, in days (an id is remembered while any of them would
 *  take it as seen), or null: no such rule, or one whose days a reference gives (known only in a
 *  run) — then an id's stored expiry alone says. */
export function readSeenWindow(steps: readonly Step[]): number | null {
  let longest = 0;
  for (const step of steps) {
    if (step.kind !== "conditions") continue;
    const branches = (step.config as { branches?: unknown }).branches;
    for (const branch of Array.isArray(branches) ? branches : []) {
      const rules = (branch as { rules?: unknown } | null)?.rules;
      for (const rule of Array.isArray(rules) ? rules : []) {
        if ((rule as { op?: unknown } | null)?.op !== "seen_before") continue;
        const window = seenWindowDays((rule as { right?: unknown }).right);
        if ("error" in window) return null;
        longest = Math.max(longest, window.days);
      }
    }
  }
  return longest || null;
}
