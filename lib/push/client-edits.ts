// What the client changed in its copy since the last push, step by step, against what that push
// gave it (WorkflowCopy.pushedSteps). A re-push replaces those changes — the copy is the
// provider's workflow — so the push records them (the `pushed` audit event, the copy's
// clientEditsReplaced) and the client's review says which were replaced; the client's first
// change after a push is audited with them (record-client-copy-edit.ts). What the client is
// expected to set itself (accounts, its webhook secret and header, testing data) is no edit, as
// for isEditedSincePush. Pure.
import { createHash } from "node:crypto";
import type { Step } from "@/lib/workflows/definition";
import { stable } from "@/lib/push/steps-hash";

export type PushedStep = { id: string; kind: string; name: string; fingerprint: string };
export type ClientStepEdit = { stepId: string; name: string; change: "added" | "removed" | "changed" | "renamed"; from?: string };
/** steps null: the copy was pushed before steps were recorded, so only that it was edited is known. */
export type ClientEdits = { previousVersion: number; workflowRenamed: { from: string; to: string } | null; steps: ClientStepEdit[] | null };

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
};

export function clientEdits({ pushed, pushedName, pushedVersion, name, steps }: ClientEditsInputs): ClientEdits {
  const workflowRenamed = name !== pushedName ? { from: pushedName, to: name } : null;
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
  return { previousVersion: pushedVersion, workflowRenamed, steps: edits };
}

const quoted = (name: string) => `“${name}”`;

/** The client's review: what this push did to the changes made in the client's workspace. */
export function describeReplacedEdits(edits: ClientEdits): string {
  const parts: string[] = [];
  for (const e of edits.steps ?? []) {
    const step = `step ${quoted(e.name)}`;
    if (e.change === "added") parts.push(`${step} (added here) was removed`);
    else if (e.change === "removed") parts.push(`${step} (removed here) is back`);
    else if (e.change === "changed") parts.push(`${step} has your provider's settings again`);
    else parts.push(`step ${quoted(e.from ?? e.name)} (renamed here to ${quoted(e.name)}) has your provider's name again`);
  }
  if (edits.workflowRenamed) parts.push(`the workflow is named ${quoted(edits.workflowRenamed.from)} again (renamed here to ${quoted(edits.workflowRenamed.to)})`);
  const which = parts.length ? `: ${parts.join("; ")}` : "";
  return (
    `This push replaced changes made in this workspace since the previous push (version ${edits.previousVersion})${which}. ` +
    "What you review now is your provider's version: make a change again if you still need it, or ask your provider to add it to theirs."
  );
}
