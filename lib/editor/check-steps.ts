// The editor's pre-save check: the same rules the API applies on save (catalog schemas,
// references, branch targets), run in the browser so autosave never sends a definition the
// server would refuse, and each problem can be pinned on its step. Fields a step still needs
// (lib/steps/find-missing-fields.ts) are problems too, but `incomplete` ones: a Draft saves
// them, going Live is refused until they are filled in. Pure and client-safe.
import { fieldLabelFor } from "@/lib/editor/form-model";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { STEP_CATALOG, type StepKind } from "@/lib/steps/catalog";
import { findReferenceErrors } from "@/lib/workflows/references";
import { isSecretEcho } from "@/lib/workflows/secret-echo";
import { branchTargets, isTrigger, type EditorStep } from "@/lib/editor/step-ops";

export type StepProblem = {
  stepId: string;
  number: number;
  /** The step kind's label, as the header names the step: "step 3 (HTTP Request)". */
  label: string;
  /** Dotted config path, when the problem is one field's. */
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

/** "timeoutMs" → "Timeout (ms)", "headers.0.name" → "Headers 1 name", a Wait's "at" → "Until
 *  (date and time)", as the form labels each. */
const fieldLabel = (kind: StepKind, path: readonly PropertyKey[]) => {
  const keys = path.map((p) => (typeof p === "number" ? p : String(p)));
  return keys.map((p, i) => (typeof p === "number" ? String(p + 1) : i === 0 ? fieldLabelFor(kind, [p]) : fieldLabelFor(kind, keys.slice(0, i + 1)).toLowerCase())).join(" ");
};

export type ConfigProblem = Pick<StepProblem, "field" | "message" | "incomplete">;

/** One step's config on its own: the first problem its catalog schema finds (as the server
 *  reports one), then what it still needs. The Configure form shows these under their fields. */
export function checkConfig(kind: StepKind, config: Record<string, unknown>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const sent = asSent(config);
  const r = STEP_CATALOG[kind].config.safeParse(sent);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = issue.path.map(String).join(".");
    problems.push({ field: field || undefined, message: `${field ? `${fieldLabel(kind, issue.path)}: ` : ""}${issue.message}`, incomplete: false });
  }
  for (const m of findMissingFields(kind, sent)) problems.push({ field: m.field, message: m.message, incomplete: true });
  return problems;
}

export function checkSteps(steps: readonly EditorStep[]): StepProblem[] {
  const problems: StepProblem[] = [];
  const index = new Map(steps.map((s, i) => [s.id, i]));
  steps.forEach((s, i) => {
    const at = { stepId: s.id, number: i + 1, label: STEP_CATALOG[s.kind].label };
    if (i > 0 && isTrigger(s.kind)) problems.push({ ...at, message: "a trigger can only be step 1", incomplete: false });
    for (const p of checkConfig(s.kind, configForCheck(s))) problems.push({ ...at, ...p });
    for (const b of branchTargets(s)) {
      if (b.target === null || b.target === "stop") continue;
      if ((index.get(b.target) ?? -1) <= i) problems.push({ ...at, message: `${b.name} leads to a step that is not after this one`, incomplete: false });
    }
  });
  for (const p of findReferenceErrors(steps)) {
    problems.push({ stepId: p.stepId, number: p.step, label: STEP_CATALOG[steps[p.step - 1].kind].label, field: p.field, message: `${p.field}: ${p.message}`, incomplete: false });
  }
  return problems;
}

/** The problems that keep a save from being sent: all of them for a Live workflow (the server refuses an unfinished step there). */
export const blockingProblems = (problems: readonly StepProblem[], live: boolean) => problems.filter((p) => live || !p.incomplete);

/** How the header names a problem: "step 3 (HTTP Request): URL is required". */
export const describeProblem = (p: StepProblem) => `step ${p.number} (${p.label}): ${p.message}`;
