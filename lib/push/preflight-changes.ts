// What differs between two preflights of one workflow for one client, in sentences: what the Push
// page shows when a push was refused because the workflow was saved since the preflight the
// technician read (409 workflow_changed) and it has loaded the preflight again. Two lists: what
// changed in the workflow's steps (stepChanges: added, removed, renamed, moved, new settings — by
// the preflight's step fingerprints), and what changed in what the push asks of the client
// (preflightChanges: keys and files read or no longer read, and the new preflight's notes that the
// old one did not have — accounts, secrets sent somewhere new, sample data… —, numbers aside: a
// note naming the version or a step's new position is the same note). Pure and client-safe.
import { stepLabel } from "@/lib/steps/step-label";
import type { PreflightStep, PreflightView } from "@/lib/push/to-preflight-view";

export function preflightChanges(before: PreflightView, after: PreflightView): string[] {
  const out: string[] = [];
  const keyName = (v: { key: string; secret: boolean }) => `${v.secret ? "secret" : "variable"} ${v.key}`;
  const keysBefore = new Set(before.variables.map(keyName));
  const keysAfter = new Set(after.variables.map(keyName));
  for (const k of keysAfter) if (!keysBefore.has(k)) out.push(`It now reads ${k}.`);
  for (const k of keysBefore) if (!keysAfter.has(k)) out.push(`It no longer reads ${k}.`);
  const filesBefore = new Set(before.files.map((f) => f.name));
  const filesAfter = new Set(after.files.map((f) => f.name));
  for (const f of filesAfter) if (!filesBefore.has(f)) out.push(`It now reads file ${f}.`);
  for (const f of filesBefore) if (!filesAfter.has(f)) out.push(`It no longer reads file ${f}.`);
  const shape = (note: string) => note.replace(/\d+/g, "#");
  const seen = new Set(before.notes.map(shape));
  for (const n of after.notes) if (!seen.has(shape(n))) out.push(n);
  return out;
}

/** `Step 3 (HTTP Request "Send key")`, as run messages name a step, at the start of a sentence. */
const named = (s: PreflightStep, number: number) => {
  const label = stepLabel({ ...s, config: {} }, number);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/** What changed in the workflow's steps between two preflights, step by step in the new order,
 *  removed steps last (numbered as they were). A step is known by its id: a step put back under
 *  the same id is the same step; so is one deleted and added again with the same kind, app and
 *  name (a new id), as for the push, which keeps the client's account choice for it — said only
 *  where the client's copy has one (the new preflight's account result "kept"). A move is said
 *  only where the order of the steps both have changed, and only of the fewest steps that explain
 *  it, not for every step after one added, removed or moved. */
export function stepChanges(before: PreflightView, after: PreflightView): string[] {
  const was = before.workflow.steps ?? [];
  const now = after.workflow.steps ?? [];
  const wasById = new Map(was.map((s, i) => [s.id, { step: s, number: i + 1 }]));
  const nowIds = new Set(now.map((s) => s.id));
  const again = deletedAndAddedAgain(was, now);
  // A step added again stands in its old step's place when moves are told.
  const known = (s: PreflightStep) => again.get(s.id)?.step.id ?? s.id;
  const nowKnown = new Set(now.map(known));
  const stayed = inOrder(
    was.filter((s) => nowKnown.has(s.id)).map((s) => s.id),
    now.map(known).filter((id) => wasById.has(id)),
  );
  const kept = keptChoices(after);
  const out: string[] = [];
  now.forEach((s, i) => {
    const old = wasById.get(s.id);
    const same = again.get(s.id);
    if (same) {
      // One step to the client as to the push, which keeps its account choice (replaced-copy-steps.ts)
      // — said only where the new preflight keeps one: a first push has no copy and no choice.
      const what = ["was deleted and added again"];
      if (!stayed.has(same.step.id)) what.push(`moved (it was step ${same.number})`);
      if (same.step.fingerprint !== s.fingerprint) what.push("has new settings");
      const keeps = kept.has(s.id) ? ": it is the same step to the client, whose account choice for it is kept" : "";
      out.push(`${named(s, i + 1)} ${what.length < 2 ? what[0] : `${what.slice(0, -1).join(", ")} and ${what.at(-1)}`}${keeps}.`);
      return;
    }
    if (!old) {
      out.push(`${named(s, i + 1)} was added.`);
      return;
    }
    const what: string[] = [];
    if (old.step.name !== s.name) what.push(`was renamed (it was "${old.step.name}")`);
    if (!stayed.has(s.id)) what.push(`moved (it was step ${old.number})`);
    if (old.step.fingerprint !== s.fingerprint || old.step.kind !== s.kind) what.push("has new settings");
    if (what.length) out.push(`${named(s, i + 1)} ${what.length < 2 ? what.join("") : `${what.slice(0, -1).join(", ")} and ${what.at(-1)}`}.`);
  });
  const paired = new Set([...again.values()].map((w) => w.step.id));
  was.forEach((s, i) => {
    if (!nowIds.has(s.id) && !paired.has(s.id)) out.push(`${named(s, i + 1)} was removed.`);
  });
  return out;
}

/** The steps whose account the client chose in its copy and the push keeps (result "kept"). */
function keptChoices(view: PreflightView): Set<string> {
  const steps = [...(view.connections ?? []).flatMap((a) => a.steps), ...(view.unknownAccounts ?? []), ...(view.stepsWithoutAccount ?? [])];
  return new Set(steps.filter((s) => s.result === "kept").map((s) => s.stepId));
}

const sameStep = (a: PreflightStep, b: PreflightStep) => a.kind === b.kind && a.name === b.name && (a.app ?? null) === (b.app ?? null);

/** New step id -> the removed step it plainly replaces: same kind, app and name, one to one — the
 *  rule a push keeps the client's account choice by (replaced-copy-steps.ts). A step renamed as
 *  it was added again is a new step to the push too, and is said as removed and added. */
function deletedAndAddedAgain(was: PreflightStep[], now: PreflightStep[]): Map<string, { step: PreflightStep; number: number }> {
  const wasIds = new Set(was.map((s) => s.id));
  const nowIds = new Set(now.map((s) => s.id));
  const added = now.filter((s) => !wasIds.has(s.id));
  const removed = was.map((step, i) => ({ step, number: i + 1 })).filter((r) => !nowIds.has(r.step.id));
  const out = new Map<string, { step: PreflightStep; number: number }>();
  for (const s of added) {
    const candidates = removed.filter((r) => sameStep(s, r.step));
    if (candidates.length !== 1 || added.filter((a) => sameStep(a, candidates[0].step)).length !== 1) continue;
    out.set(s.id, candidates[0]);
  }
  return out;
}

/** The ids of a longest run of steps that kept their order from `a` to `b` (same ids, both lists):
 *  the others are the ones that moved. */
function inOrder(a: string[], b: string[]): Set<string> {
  const len = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) len[i][j] = a[i] === b[j] ? len[i + 1][j + 1] + 1 : Math.max(len[i + 1][j], len[i][j + 1]);
  const out = new Set<string>();
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      out.add(a[i]);
      i++;
      j++;
    } else if (len[i + 1][j] >= len[i][j + 1]) i++;
    else j++;
  }
  return out;
}
