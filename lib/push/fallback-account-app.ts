// The app a step's account must be of when the push cannot tell it from the provider's account
// (deleted, or never chosen). Pure and client-safe.
import { AI_PROMPT_APP } from "@/lib/connections/app-catalog";
import type { AccountStep } from "@/lib/push/scan-requirements";

/** An AI Prompt step can only use an AI account (the editor offers no other); an HTTP Request step
 *  can use any app's account, and guessing one would send the client's credentials of the wrong
 *  app, so the client picks among all of its accounts (null). */
export function fallbackAccountApp(kind: AccountStep["kind"]): string | null {
  return kind === "ai_prompt" ? AI_PROMPT_APP : null;
}
