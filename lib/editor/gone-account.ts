// A step whose account cannot be used as it stands, said on the step in the server's words as
// any other unfinished field is: an account deleted (with force) since it was chosen — the save
// keeps its id so a Draft keeps its steps, and Go live answers 409 step_incomplete for it — or an
// HTTP Request's account that cannot serve its URL (account-url-problem.ts: a host from a
// reference with an account without a base URL, another host than its base URL's), which Go live
// refuses the same way (lib/workflows/assert-live-accounts.ts). Pure and client-safe.
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
  const otherApp = accountAppProblem({ kind, config }, account);
  if (kind !== "http") return otherApp && `Account: ${describeAccountAppProblem(otherApp, account.name)}`;
  const problem = accountUrlProblem(config.url, account.baseUrl);
  if (problem) return accountFieldMessage(problem, account.name);
  return otherApp && `Account: ${describeAccountAppProblem(otherApp, account.name)}`;
}
