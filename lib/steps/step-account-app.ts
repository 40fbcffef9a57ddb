// Which app's accounts a step can use. An AI Prompt calls the AI endpoint, so only an AI account;
// an HTTP Request built for an app (its `config.app`: a blueprint's step calls the RMM's script
// API with the RMM's paths and body) only an account of that app — another app's account would
// send that app's credentials, and on a push the client's, with a call they were never for.
// A generic HTTP Request (no `config.app`) can use any app's account. The account field offers
// and flags accounts by this rule, and the push asks each client for an account of this app.
// Pure and client-safe.
import { AI_PROMPT_APP, appByKey } from "@/lib/connections/app-catalog";

type StepLike = { kind: string; config: Record<string, unknown> };

/** The app the step was built for, or null when any app's account will do. */
export function stepAccountApp(step: StepLike): string | null {
  if (step.kind === "ai_prompt") return AI_PROMPT_APP;
  if (step.kind !== "http") return null;
  const app = step.config.app;
  return typeof app === "string" && appByKey(app) ? app : null;
}

export type AccountAppProblem = { stepApp: string; accountApp: string };

/** Set when `account` is of another app than the one the step was built for. */
export function accountAppProblem(step: StepLike, account: { app: string }): AccountAppProblem | null {
  const stepApp = stepAccountApp(step);
  return stepApp !== null && account.app !== stepApp ? { stepApp, accountApp: account.app } : null;
}

export const appLabel = (app: string) => appByKey(app)?.label ?? app;

/** Said under the Account field: what the account is, what the step is for, and what to do. */
export function describeAccountAppProblem(problem: AccountAppProblem, accountName: string): string {
  const step = appLabel(problem.stepApp);
  return (
    `"${accountName}" is a ${appLabel(problem.accountApp)} account, but this step was built for ${step}: ` +
    `its calls would go out with ${appLabel(problem.accountApp)} credentials. Choose a ${step} account` +
    (problem.stepApp === AI_PROMPT_APP ? "." : `, or switch the step to ${appLabel(problem.accountApp)} if it really calls that app.`)
  );
}
