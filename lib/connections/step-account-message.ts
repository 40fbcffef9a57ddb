// A step whose account cannot be used as it stands, in the words both the editor (under the
// Account field, lib/editor/check-steps.ts) and Go live (409 step_incomplete,
// lib/workflows/assert-live-accounts.ts) say it: an account deleted (with force) since it was
// chosen — the save keeps its id so a Draft keeps its steps —, an HTTP Request's account that
// cannot serve its URL (account-url-problem.ts: a host from a run's data with an account without a
// base URL, another host than its base URL's), or an account of another app than the step was
// built for (step-account-app.ts). Pure and client-safe.
import { stepConnectionId } from "@/lib/connections/step-connection-id";
import { accountFieldMessage, accountUrlProblem } from "@/lib/http-step/account-url-problem";
import { accountAppProblem, describeAccountAppProblem } from "@/lib/steps/step-account-app";

export const GONE_ACCOUNT_MESSAGE = "Account: the account it used was deleted: choose another";

/** What the editor knows of an account: enough to judge where its credentials may go and
 *  whether it is of the app the step was built for. */
export type KnownAccount = { name: string; baseUrl: string | null; app: string };

/** Whether `config` names an account that is not among the workspace's (`accounts`); while the
 *  list is not known (null) nothing is said. */
export function namesGoneAccount(config: Record<string, unknown>, accounts: { has(id: string): boolean } | null): boolean {
  const id = stepConnectionId({ config });
  return id !== null && accounts !== null && !accounts.has(id);
}

/** What is wrong with the step's account, as its Account field says it; null when nothing is (or
 *  the accounts are not known yet). */
export function stepAccountMessage(kind: string, config: Record<string, unknown>, accounts: ReadonlyMap<string, KnownAccount> | null): string | null {
  if (namesGoneAccount(config, accounts)) return GONE_ACCOUNT_MESSAGE;
  const id = stepConnectionId({ config });
  const account = id !== null ? accounts?.get(id) : undefined;
  if (!account) return null;
  const problem = kind === "http" ? accountUrlProblem(config.url, account.baseUrl) : null;
  if (problem) return accountFieldMessage(problem, account.name);
  const otherApp = accountAppProblem({ kind, config }, account);
  return otherApp && `Account: ${describeAccountAppProblem(otherApp, account.name)}`;
}
