// The client's account choices a re-push cannot carry over: the provider deleted a step and added
// one again of the same kind and app but under a new name. replaced-copy-steps.ts carries a choice
// over only to a step plainly the same (same kind, app and name); a renamed one is not guessed at.
// A client with several accounts of an app chose one for that step's purpose (a read-only PSA
// account for "List tickets", a write one for "Create ticket"), and a step renamed by its provider
// may well have another: put silently on it, a wrong guess writes with the wrong account, or to
// the wrong tenant. So the choice is not carried over, and not dropped unsaid either: for each new
// step of the source, the copy's steps it may take the place of — gone from the source, not
// replaced by a namesake, of its kind and app, with an account the client chose that still exists
// — are named, so that the preflight says the step will need its account chosen again and the
// client's review says its choice was reset. That is said until the client chooses an account: a
// later push that leaves the step as it is (same id, kind and app, still without an account in the
// copy) says the reset the last push recorded with its accountSteps again (`previous`), or its
// preflight and the client's review would drop the explanation while the picker is still empty.
// Pure.
import { stepConnectionId } from "@/lib/connections/step-connection-id";
import type { StepRef } from "@/lib/push/scan-requirements";
import type { Step } from "@/lib/workflows/definition";

/** A step of the client's copy that a push removes, with the account the client had chosen for it. */
export type ResetChoice = StepRef & { account: { id: string; name: string } };

/** A reset as a push records it with its accountSteps (AccountNeed.reset): the deleted step's name
 *  and the name of the account chosen for it, which the review says; the step's id and number and
 *  the account's id, for the next push to say it again (absent on pushes recorded before). */
export type RecordedReset = { name: string; account: string; stepId?: string; number?: number; accountId?: string };

/** What a push records of a reset choice (plan-push.ts). */
export function recordReset(choice: ResetChoice): Required<RecordedReset> {
  return { name: choice.name, account: choice.account.name, stepId: choice.stepId, number: choice.number, accountId: choice.account.id };
}

export type ResetAccountChoicesOptions = {
  source: readonly Step[];
  existing: readonly Step[] | null;
  /** Source step id -> the copy's step it plainly replaces (replaced-copy-steps.ts). */
  replaced: ReadonlyMap<string, Step>;
  /** The client's accounts. */
  accounts: readonly { id: string; name: string }[];
  /** The ids of the steps the last push gave the copy (null: not recorded). A step the client added
   *  itself is no step the provider deleted: the push's note on the client's edits speaks of it. */
  pushedIds?: ReadonlySet<string> | null;
  /** The last push's account needs as recorded (WorkflowCopy.accountSteps; null: none). */
  previous?: readonly { stepId: string; reset?: readonly RecordedReset[] }[] | null;
};

/** Source step id -> the choices of the copy's steps it takes the place of (absent: none). */
export function resetAccountChoices({ source, existing, replaced, accounts, pushedIds = null, previous = null }: ResetAccountChoicesOptions): Map<string, ResetChoice[]> {
  const out = new Map<string, ResetChoice[]>();
  if (!existing) return out;
  const sourceIds = new Set(source.map((s) => s.id));
  const copyIds = new Set(existing.map((s) => s.id));
  const taken = new Set([...replaced.values()].map((s) => s.id));
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const app = (s: Step) => s.config.app ?? null;
  const gone = existing.flatMap((s, i): (ResetChoice & { step: Step })[] => {
    const account = byId.get(stepConnectionId(s) ?? "");
    if (sourceIds.has(s.id) || taken.has(s.id) || !account || (pushedIds && !pushedIds.has(s.id))) return [];
    return [{ stepId: s.id, number: i + 1, name: s.name, account: { id: account.id, name: account.name }, step: s }];
  });
  for (const s of source) {
    if (copyIds.has(s.id) || replaced.has(s.id) || (s.kind !== "http" && s.kind !== "ai_prompt")) continue;
    const was = gone.filter((g) => g.step.kind === s.kind && app(g.step) === app(s)).map(({ step: _step, ...choice }) => choice);
    if (was.length) out.set(s.id, was);
  }
  // The last push's resets, for steps still as it left them and still without an account.
  const copyById = new Map(existing.map((s) => [s.id, s]));
  for (const need of previous ?? []) {
    const s = source.find((x) => x.id === need.stepId);
    const copy = copyById.get(need.stepId);
    if (!s || !copy || out.has(s.id) || copy.kind !== s.kind || app(copy) !== app(s) || stepConnectionId(copy) !== null) continue;
    const was = (need.reset ?? []).flatMap((r): ResetChoice[] => {
      // An account deleted since is no choice to lose (as above); a reset recorded without its step's
      // id and number (before they were) cannot be named in the preflight, and is let go.
      const account = r.accountId !== undefined ? byId.get(r.accountId) : undefined;
      if (!account || r.stepId === undefined || r.number === undefined) return [];
      return [{ stepId: r.stepId, number: r.number, name: r.name, account: { id: account.id, name: account.name } }];
    });
    if (was.length) out.set(s.id, was);
  }
  return out;
}
