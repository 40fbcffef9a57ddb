// The app a step's account must be of, from the step alone (lib/steps/step-account-app.ts): the
// push takes it over the app of the provider's account, and falls back on it when that account is
// deleted or was never chosen. Pure and client-safe.
import { AI_PROMPT_APP, appByKey } from "@/lib/connections/app-catalog";
import type { AccountStep } from "@/lib/push/scan-requirements";

/** An AI Prompt step can only use an AI account (the editor offers no other). An HTTP Request step
 *  that says which app it calls (`config.app`: a blueprint's step, installed with or without an
 *  account) needs an account of that app. Any other HTTP Request step can use any app's account,
 *  and guessing one would send the client's credentials of the wrong app, so the client picks
 *  among all of its accounts (null). */
export function fallbackAccountApp(step: Pick<AccountStep, "kind" | "app">): string | null {
  if (step.kind === "ai_prompt") return AI_PROMPT_APP;
  return step.app !== null && appByKey(step.app) ? step.app : null;
}
