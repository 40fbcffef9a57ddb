// The editor's pre-save check: the same rules the API applies on save (catalog schemas,
// references, branch targets), run in the browser so autosave never sends a definition the
// server would refuse, and each problem can be pinned on its step. Fields a step still needs
// (lib/steps/find-missing-fields.ts) are problems too, but `incomplete` ones: a Draft saves
// them, going Live is refused until they are filled in. Pure and client-safe.
import { formField } from "@/lib/editor/form-field";
import { stepAccountMessage, type KnownAccount } from "@/lib/connections/step-account-message";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { STEP_CATALOG, type StepKind } from "@/lib/steps/catalog";
import { findBranchReferenceErrors, findPartialReads } from "@/lib/workflows/branch-references";
import { findReferenceErrors } from "@/lib/workflows/references";
import { isSecretEcho } from "@/lib/workflows/secret-echo";
import { branchTargets, isTrigger, type EditorStep } from "@/lib/editor/step-ops";

export type StepProblem = {
  stepId: string;
  number: number;
  /** The step kind's label, as the header names the step: "step 3 (HTTP Request)". */
  label: string;
  /** The dotted config path of the form field the problem is shown under, when it is one field's. */
  field?: string;
  message: string;
  /** Saved in Draft, refused for Live; the others stop any save. */
  incomplete: boolean;
};

/** The webhook's secret reads back as {"set": bool}, which a save sends back as it is (the server
 *  takes it off first too); anything else there is checked as the server checks it. */
export function configForCheck(step: EditorStep): Record<string, unknown> {
  if (step.kind !== "webhook" || !isSecretEcho(step.config.sharedSecret)) return step.config;
  return Object.fromEntries(Object.entries(step.config).filter(([k]) => k !== "sharedSecret"));
}

// What the server receives is the JSON text of the config: a key holding undefined (a cleared
// JSON field) is absent there, so check that, not the object in memory.
const asSent = (config: Record<string, unknown>) => JSON.parse(JSON.stringify(config)) as Record<string, unknown>;

/** A problem at a config path, named as the form names its field ("Timeout (ms): …", "Field 1
 *  expression: …") and filed under that field's path, where the form shows it. */
function atField(kind: StepKind, path: readonly PropertyKey[], message: string): Pick<StepProblem, "field" | "message"> {
  if (path.length === 0) return { message };
  const found = formField(kind, path);
  // A key the form has no field for (the server names it too): its path is all there is to say.
  if (found.path.length === 0) return { field: path.map(String).join("."), message: `${path.map(String).join(".")}: ${message}` };
  return { field: found.path.join("."), message: `${found.label}: ${message}` };
}

/** `advisory`: a note, not a problem — the field is fine, but worth knowing about (a reference only
 *  some runs have data for); it neither stops a save nor Go live. */
export type ConfigProblem = Pick<StepProblem, "field" | "message" | "incomplete"> & { advisory?: true };

/** The workspace's accounts by id, once loaded (null until then): a step naming another is
 *  unfinished, its account deleted since it was chosen, and so is one whose account cannot serve
 *  its URL (lib/connections/step-account-message.ts). */
export type AccountIds = ReadonlyMap<string, KnownAccount> | null;

/** One step's config on its own: the first problem its catalog schema finds (as the server
 *  reports one), then what it still needs. The Configure form shows these under their fields. */
export function checkConfig(kind: StepKind, config: Record<string, unknown>, accounts: AccountIds = null): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const sent = asSent(config);
  const r = STEP_CATALOG[kind].config.safeParse(sent);
  if (!r.success) {
    const issue = r.error.issues[0];
    problems.push({ ...atField(kind, issue.path, issue.message), incomplete: false });
  }
  for (const m of findMissingFields(kind, sent, accounts)) problems.push({ field: m.field, message: m.message, incomplete: true });
  const account = stepAccountMessage(kind, sent, accounts);
  if (account) problems.push({ field: "connectionId", message: account, incomplete: true });
  return problems;
}

export function checkSteps(steps: readonly EditorStep[], accounts: AccountIds = null): StepProblem[] {
  const problems: StepProblem[] = [];
  const index = new Map(steps.map((s, i) => [s.id, i]));
  steps.forEach((s, i) => {
    const at = { stepId: s.id, number: i + 1, label: STEP_CATALOG[s.kind].label };
    if (i > 0 && isTrigger(s.kind)) problems.push({ ...at, message: "a trigger can only be step 1", incomplete: false });
    for (const p of checkConfig(s.kind, configForCheck(s), accounts)) problems.push({ ...at, ...p });
    for (const b of branchTargets(s)) {
      if (b.target === null || b.target === "stop") continue;
      if ((index.get(b.target) ?? -1) <= i) problems.push({ ...at, message: `${b.name} leads to a step that is not after this one`, incomplete: false });
    }
  });
  for (const p of referenceProblems(steps)) problems.push(p);
  for (const p of branchReferenceProblems(steps)) problems.push(p);
  return problems;
}

/** References to a later step, the step itself, a missing or removed step: the server's
 *  save-time rule (lib/workflows/references.ts), each named as the form names its field. */
function referenceProblems(steps: readonly EditorStep[]): StepProblem[] {
  return findReferenceErrors(steps).map((p) => {
    const kind = steps[p.step - 1].kind;
    return { stepId: p.stepId, number: p.step, label: STEP_CATALOG[kind].label, ...atField(kind, p.field.split("."), p.message), incomplete: false };
  });
}

/** References to an earlier step no run reaching this one has run (another branch, or a step no
 *  run reaches): unfinished, as going Live refuses them (lib/workflows/branch-references.ts). */
function branchReferenceProblems(steps: readonly EditorStep[]): StepProblem[] {
  return findBranchReferenceErrors(steps).map((p) => {
    const kind = steps[p.step - 1].kind;
    return { stepId: p.stepId, number: p.step, label: STEP_CATALOG[kind].label, ...atField(kind, p.field.split("."), p.message), incomplete: true };
  });
}

/** References to an earlier step only some runs reaching this one have run (a nested branch's
 *  route skips it): noted under the field, naming the route, never a problem. */
function partialReadNotes(steps: readonly EditorStep[]): (ConfigProblem & { stepId: string; number: number })[] {
  return findPartialReads(steps).map((p) => {
    const kind = steps[p.step - 1].kind;
    return { stepId: p.stepId, number: p.step, ...atField(kind, p.field.split("."), p.message), incomplete: false, advisory: true as const };
  });
}

/** What the Configure form shows under step `index`'s fields: its config's problems and its
 *  references' (which need the other steps to judge), the ones that stop a save first, and last
 *  the notes on references only some runs have data for. */
export function checkStepFields(steps: readonly EditorStep[], index: number, accounts: AccountIds = null): ConfigProblem[] {
  const step = steps[index];
  if (!step) return [];
  const own = checkConfig(step.kind, configForCheck(step), accounts);
  const refs = referenceProblems(steps).filter((p) => p.stepId === step.id && p.number === index + 1);
  const branchRefs = branchReferenceProblems(steps).filter((p) => p.stepId === step.id && p.number === index + 1);
  const partial = partialReadNotes(steps).filter((p) => p.stepId === step.id && p.number === index + 1);
  return [
    ...[...own.filter((p) => !p.incomplete), ...refs, ...own.filter((p) => p.incomplete), ...branchRefs].map(({ field, message, incomplete }) => ({ field, message, incomplete })),
    ...partial.map(({ field, message, incomplete, advisory }) => ({ field, message, incomplete, advisory })),
  ];
}

/** The problems that keep a save from being sent: all of them for a Live workflow (the server refuses an unfinished step there). */
export const blockingProblems = (problems: readonly StepProblem[], live: boolean) => problems.filter((p) => live || !p.incomplete);

/** How the header names a problem: "step 3 (HTTP Request): URL is required". */
export const describeProblem = (p: StepProblem) => `step ${p.number} (${p.label}): ${p.message}`;
