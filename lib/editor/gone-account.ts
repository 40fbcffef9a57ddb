// A step whose account was deleted (with force) since it was chosen: the save keeps its id so a
// Draft keeps its steps, and Go live answers 409 step_incomplete for it
// (lib/workflows/assert-live-accounts.ts). The editor says so on the step beforehand, in the
// server's words, as it does for any other unfinished field. Pure and client-safe.
import { stepConnectionId } from "@/lib/connections/step-connection-id";

export const GONE_ACCOUNT_MESSAGE = "Account: the account it used was deleted: choose another";

/** Whether `config` names an account that is not among the workspace's (`accountIds`); while the
 *  list is not known (null) nothing is said. */
export function namesGoneAccount(config: Record<string, unknown>, accountIds: ReadonlySet<string> | null): boolean {
  const id = stepConnectionId({ config });
  return id !== null && accountIds !== null && !accountIds.has(id);
}
