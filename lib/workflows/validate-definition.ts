// The checks a workflow definition must pass to be saved (Draft or Live). Each check is a pure
// function that returns the first problem it finds; adding a rule is one more entry in CHECKS.
// Messages name the step by number and kind label and the config field, because that is how
// the editor shows steps: `step 3 (HTTP Request): url: …`.
import { AppError } from "@/lib/api/errors";
import { misspeltFieldNote } from "@/lib/api/misspelt-field";
import { STEP_CATALOG, conditionsConfig } from "@/lib/steps/catalog";
import type { Step } from "@/lib/workflows/definition";
import { findReferenceErrors } from "@/lib/workflows/references";

export type DefinitionProblem = {
  /** 1-based step number; absent for a problem of the workflow as a whole. */
  step?: number;
  /** Dotted path inside the step's config. */
  field?: string;
  message: string;
};

export type DefinitionCheck = (steps: readonly Step[]) => DefinitionProblem | null;

const triggerOnlyFirst: DefinitionCheck = (steps) => {
  const i = steps.findIndex((s, i) => i > 0 && STEP_CATALOG[s.kind].trigger);
  return i < 0 ? null : { step: i + 1, message: "a trigger can only be step 1 (a workflow has at most one trigger)" };
};

const uniqueIds: DefinitionCheck = (steps) => {
  const seen = new Map<string, number>();
  for (const [i, s] of steps.entries()) {
    if (s.id === "stop") return { step: i + 1, message: 'id "stop" is reserved (a Conditions target that ends the run)' };
    const first = seen.get(s.id);
    if (first) return { step: i + 1, message: `id "${s.id}" is already used by step ${first}` };
    seen.set(s.id, i + 1);
  }
  return null;
};

const configsMatchCatalog: DefinitionCheck = (steps) => {
  for (const [i, s] of steps.entries()) {
    const r = STEP_CATALOG[s.kind].config.safeParse(s.config);
    if (!r.success) {
      const issue = r.error.issues[0];
      return { step: i + 1, field: issue.path.map(String).join(".") || undefined, message: issue.message + misspeltFieldNote(issue, s.config) };
    }
  }
  return null;
};

// A branch may only jump forward (or stop): a backward jump would loop a run forever.
const conditionTargetsAhead: DefinitionCheck = (steps) => {
  for (const [i, s] of steps.entries()) {
    if (s.kind !== "conditions") continue;
    const later = new Set(steps.slice(i + 1).map((x) => x.id));
    const cfg = conditionsConfig.parse(s.config);
    const targets: [string, string | null][] = [
      ...cfg.branches.map((b, j): [string, string] => [`branches.${j}.target`, b.target]),
      ["otherwise.target", cfg.otherwise.target],
    ];
    for (const [field, target] of targets) {
      if (target === null || target === "stop" || later.has(target)) continue;
      return { step: i + 1, field, message: `"${target}" is not the id of a later step (use a later step's id or "stop")` };
    }
  }
  return null;
};

// References to later steps, the step itself, missing or removed steps (lib/workflows/references.ts).
const referencesPointBack: DefinitionCheck = (steps) => findReferenceErrors(steps)[0] ?? null;

// Order matters: later checks may assume earlier ones passed (e.g. configs parse).
const CHECKS: DefinitionCheck[] = [triggerOnlyFirst, uniqueIds, configsMatchCatalog, conditionTargetsAhead, referencesPointBack];

/** Throws 400 {"error":"invalid_workflow"} naming the first problem; returns when the definition is sound. */
export function validateDefinition(steps: readonly Step[]): void {
  for (const check of CHECKS) {
    const problem = check(steps);
    if (!problem) continue;
    const step = problem.step ? steps[problem.step - 1] : undefined;
    const where = step ? `step ${problem.step} (${STEP_CATALOG[step.kind].label}): ` : "";
    throw new AppError(400, "invalid_workflow", `${where}${problem.field ? `${problem.field}: ` : ""}${problem.message}`, {
      step: problem.step ?? null,
      stepId: step?.id ?? null,
      field: problem.field ?? null,
    });
  }
}
