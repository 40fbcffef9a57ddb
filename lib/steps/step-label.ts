// How a run's messages and logs name a step and a Conditions branch: `step 3 (HTTP Request
// "Create ticket")`, `branch "Ping"`, never a stored id (st_yZjt59SE-, br_…) the user has not seen.
import { STEP_CATALOG } from "@/lib/steps/catalog";
import type { Step } from "@/lib/workflows/definition";

/** `step 2 (Conditions "Is it a ping?")`; the kind alone when the name is the kind's label. */
export const stepLabel = (step: Step, number: number) => {
  const kind = STEP_CATALOG[step.kind]?.label ?? step.kind;
  return `step ${number} (${kind}${step.name && step.name !== kind ? ` "${step.name}"` : ""})`;
};

type BranchShape = { branches?: { id: string; name?: string }[] };

/** A Conditions branch as the editor names it: its name, or "Branch N"; `Otherwise`. */
export function branchLabel(config: Record<string, unknown>, branchId: string): string {
  if (branchId === "otherwise") return "Otherwise";
  const branches = (config as BranchShape).branches ?? [];
  const i = branches.findIndex((b) => b.id === branchId);
  return `branch "${branches[i]?.name || `Branch ${i + 1}`}"`;
}

/** Where a Conditions target leads, in words: `step 9 (Wait)`, "Stop the run", "end of run". */
export function targetLabel(steps: readonly Step[] | undefined, target: string | null | undefined): string {
  if (target === "stop") return "Stop the run";
  if (target === null || target === undefined) return "end of run";
  const i = steps?.findIndex((s) => s.id === target) ?? -1;
  return i >= 0 ? stepLabel(steps![i], i + 1) : target;
}
