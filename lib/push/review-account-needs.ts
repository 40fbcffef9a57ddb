// The steps of a pushed copy its review asks an account for: those the push recorded (with the
// app the step was built for, else the app of the provider's account), and any other step that
// cannot run without an account as the copy stands now — a copy pushed before the push recorded
// such steps, or one the client edited.
// Go live refuses a step missing its account (assert-live-ready.ts), so a checklist without it
// would say complete and then fail. Pure.
import type { AccountNeed } from "@/lib/push/plan-push";
import { fallbackAccountApp } from "@/lib/push/fallback-account-app";
import { scanRequirements } from "@/lib/push/scan-requirements";
import { stepAccountApp } from "@/lib/steps/step-account-app";
import type { Step } from "@/lib/workflows/definition";

export function reviewAccountNeeds(steps: readonly Step[], pushed: readonly AccountNeed[]): AccountNeed[] {
  const listed = new Set(pushed.map((n) => n.stepId));
  const required = scanRequirements(steps).accountSteps.filter((s) => s.requiresAccount && !listed.has(s.stepId));
  // A step built for an app (`config.app`) needs an account of that app, whatever the push
  // recorded: a push before this rule took the app of the provider's account, which could be
  // another app's (step-account-app.ts).
  const byId = new Map(steps.map((s) => [s.id, s]));
  const own = (n: AccountNeed): AccountNeed => {
    const step = byId.get(n.stepId);
    const app = step?.kind === "http" ? stepAccountApp(step) : null;
    return app !== null ? { ...n, app } : n;
  };
  const needs = [...pushed.map(own), ...required.map((s) => ({ stepId: s.stepId, app: fallbackAccountApp(s) }))];
  // In step order, as the checklist reads; a need of a step the client removed goes last.
  const at = (n: AccountNeed) => {
    const i = steps.findIndex((s) => s.id === n.stepId);
    return i < 0 ? steps.length : i;
  };
  return needs.sort((a, b) => at(a) - at(b));
}
