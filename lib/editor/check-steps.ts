// The editor's pre-save check: the same rules the API applies on save (catalog schemas,
// references, branch targets), run in the browser so autosave never sends a definition the
// server would refuse, and each problem can be pinned on its step. Pure and client-safe.
import { STEP_CATALOG } from "@/lib/steps/catalog";
import { findReferenceErrors } from "@/lib/workflows/references";
import { branchTargets, isTrigger, type EditorStep } from "@/lib/editor/step-ops";

export type StepProblem = { stepId: string; number: number; message: string };

/** The webhook's secret reads back as {"set": bool}; only a string is something to check. */
export function configForCheck(step: EditorStep): Record<string, unknown> {
  if (step.kind !== "webhook" || typeof step.config.sharedSecret === "string") return step.config;
  return Object.fromEntries(Object.entries(step.config).filter(([k]) => k !== "sharedSecret"));
}

export function checkSteps(steps: readonly EditorStep[]): StepProblem[] {
  const problems: StepProblem[] = [];
  const index = new Map(steps.map((s, i) => [s.id, i]));
  steps.forEach((s, i) => {
    const at = { stepId: s.id, number: i + 1 };
    if (i > 0 && isTrigger(s.kind)) problems.push({ ...at, message: "a trigger can only be step 1" });
    const r = STEP_CATALOG[s.kind].config.safeParse(configForCheck(s));
    if (!r.success) {
      const issue = r.error.issues[0];
      const field = issue.path.map(String).join(".");
      problems.push({ ...at, message: `${field ? `${field}: ` : ""}${issue.message}` });
    }
    for (const b of branchTargets(s)) {
      if (b.target === null || b.target === "stop") continue;
      if ((index.get(b.target) ?? -1) <= i) problems.push({ ...at, message: `${b.name} leads to a step that is not after this one` });
    }
  });
  for (const p of findReferenceErrors(steps)) problems.push({ stepId: p.stepId, number: p.step, message: `${p.field}: ${p.message}` });
  return problems;
}
