// What the client changed in its copy since the last push, step by step, against what that push
// gave it (WorkflowCopy.pushedSteps). A re-push replaces those changes — the copy is the
// provider's workflow — so the push records them (the `pushed` audit event, the copy's
// clientEditsReplaced) and the client's review says which were replaced; the client's first
// change after a push is audited with them (record-client-copy-edit.ts). What the client is
// expected to set itself (accounts, its webhook secret and header, testing data) is no edit, as
// for isEditedSincePush. Pure.
import { createHash } from "node:crypto";
import type { Step } from "@/lib/workflows/definition";
import { replacedCopySteps } from "@/lib/push/replaced-copy-steps";
import { stable } from "@/lib/push/steps-hash";

export type PushedStep = { id: string; kind: string; name: string; fingerprint: string };
/** `now`: the step's name once the push that replaces the edit is done (null: that push leaves no
 *  such step; absent: recorded before it was kept), so that the review names the step as the client
 *  finds it — the provider may have renamed it too. */
export type ClientStepEdit = { stepId: string; name: string; change: "added" | "removed" | "changed" | "renamed"; from?: string; now?: string | null };
/** steps null: the copy was pushed before steps were recorded, so only that it was edited is known. */
export type ClientEdits = { previousVersion: number; workflowRenamed: { from: string; to: string; now?: string } | null; steps: ClientStepEdit[] | null };

const CLIENT_SIDE = ["connectionId", "sharedSecretEncrypted", "signatureHeader", "testingData"];

function fingerprint(step: Step): string {
  const config = { ...step.config };
  for (const k of CLIENT_SIDE) delete config[k];
  return createHash("sha256").update(JSON.stringify(stable({ kind: step.kind, config }))).digest("hex").slice(0, 16);
}

/** What a push records of the steps it gives the copy. */
export function pushedStepsOf(steps: readonly Step[]): PushedStep[] {
  return steps.map((s) => ({ id: s.id, kind: s.kind, name: s.name, fingerprint: fingerprint(s) }));
}

export function readPushedSteps(value: unknown): PushedStep[] | null {
  return Array.isArray(value) ? (value as PushedStep[]) : null;
}

export type ClientEditsInputs = {
  /** What the last push gave the copy (null: not recorded) and the workflow name it gave it. */
  pushed: PushedStep[] | null;
  pushedName: string;
  pushedVersion: number;
  /** The copy as the client has it now. */
  name: string;
  steps: readonly Step[];
  /** The copy as the push that replaces these edits makes it (absent: no push yet). */
  after?: { name: string; steps: readonly Step[] };
};

export function clientEdits({ pushed, pushedName, pushedVersion, name, steps, after }: ClientEditsInputs): ClientEdits {
  const workflowRenamed = name !== pushedName ? { from: pushedName, to: name, ...(after && { now: after.name }) } : null;
  if (!pushed) return { previousVersion: pushedVersion, workflowRenamed, steps: null };
  const before = new Map(pushed.map((s) => [s.id, s]));
  const now = new Set(steps.map((s) => s.id));
  const edits: ClientStepEdit[] = [];
  for (const s of steps) {
    const was = before.get(s.id);
    if (!was) edits.push({ stepId: s.id, name: s.name, change: "added" });
    else if (was.kind !== s.kind || was.fingerprint !== fingerprint(s)) edits.push({ stepId: s.id, name: s.name, change: "changed" });
    else if (was.name !== s.name) edits.push({ stepId: s.id, name: s.name, change: "renamed", from: was.name });
  }
  for (const s of pushed) if (!now.has(s.id)) edits.push({ stepId: s.id, name: s.name, change: "removed" });
  if (after) {
    // A step the provider deleted and added again (same kind, app and name) has a new id, yet it is
    // the step the client edited — the one whose account choice the push keeps (replaced-copy-steps.ts):
    // its edit is replaced too, and named as that step.
    const takenBy = new Map([...replacedCopySteps(after.steps, steps)].map(([newId, old]) => [old.id, newId]));
    const nameOf = (id: string | undefined) => after.steps.find((s) => s.id === id)?.name;
    for (const e of edits) e.now = nameOf(e.stepId) ?? nameOf(takenBy.get(e.stepId)) ?? null;
  }
  return { previousVersion: pushedVersion, workflowRenamed, steps: edits };
}

const quoted = (name: string) => `“${name}”`;

/** Who reads the list: the client after the push ("here" is its workspace, the provider is "your
 *  provider") or the provider before it ("here" is the client's workspace by name). */
type Reader = { here: string; provider: string; removed: string };
const CLIENT: Reader = { here: "here", provider: "your provider's", removed: "was removed" };

/** Each replaced edit, named as the step is named once the push is done (ClientStepEdit.now). One
 *  function for the client's review and the provider's preflight, so both read the same edits alike. */
export function replacedEditParts(edits: ClientEdits, reader: Reader = CLIENT): string[] {
  const parts: string[] = [];
  for (const e of edits.steps ?? []) {
    const after = e.change === "added" ? e.name : e.now === undefined ? (e.change === "renamed" ? (e.from ?? e.name) : e.name) : e.now;
    if (e.change === "added") parts.push(`step ${quoted(e.name)} (added ${reader.here}) ${reader.removed}`);
    else if (after === null) continue; // the provider's version has no such step either: nothing of it is replaced
    else if (e.change === "removed") parts.push(`step ${quoted(after)} (removed ${reader.here}) is back`);
    else if (e.change === "changed") parts.push(`step ${quoted(after)}${after !== e.name ? ` (${quoted(e.name)} ${reader.here})` : ""} has ${reader.provider} settings again`);
    else parts.push(`step ${quoted(after)} (renamed ${reader.here} to ${quoted(e.name)}) has ${reader.provider} name again`);
  }
  const w = edits.workflowRenamed;
  // "again" only for the name the copy had before the client's rename; a name the provider gave
  // since is one the copy never had. The provider's new name being the client's: nothing replaced.
  if (w && w.now !== w.to) {
    const renamed = `(renamed ${reader.here} to ${quoted(w.to)})`;
    parts.push(w.now === undefined || w.now === w.from ? `the workflow is named ${quoted(w.from)} again ${renamed}` : `the workflow takes ${reader.provider} name ${quoted(w.now)} ${renamed}`);
  }
  return parts;
}

/** The client's review: what this push did to the changes made in the client's workspace. */
export function describeReplacedEdits(edits: ClientEdits): string {
  const parts = replacedEditParts(edits);
  const which = parts.length ? `: ${parts.join("; ")}` : "";
  return (
    `This push replaced changes made in this workspace since the previous push (version ${edits.previousVersion})${which}. ` +
    "What you review now is your provider's version: make a change again if you still need it, or ask your provider to add it to theirs."
  );
}

/** The provider's preflight: which of the client's changes pushing replaces, in the words the
 *  client's review will use. */
export function describeEditsToReplace(edits: ClientEdits, clientName: string): string {
  const parts = replacedEditParts(edits, { here: `in ${clientName}`, provider: "your", removed: "is removed" });
  const which = parts.length ? `: ${parts.join("; ")}` : "";
  return `${clientName} has edited its copy since the last push (version ${edits.previousVersion}); pushing replaces those edits with this version${which}.`;
}
