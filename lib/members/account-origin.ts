// Whether an owner may act on an existing account beyond their own membership of it: give it a
// role (add-member.ts) or reset its password (reset-member-password.ts). Accounts are global
// and keyed by an unverified e-mail address, so without this an owner could create an account
// for someone else's address, keep its temporary password, and wait for another provider to
// add "that person" — or claim an account left without any workspace. The rule: the caller must
// own the workspace that created the account. Operator-made accounts (no origin: the seed, and
// accounts from before this rule) may be added anywhere — the adder learns no password — but
// only the operator resets them. An account made in a client that is then deleted counts as made
// in its provider (delete-client-workspace.ts): an origin naming no workspace is owned by nobody.
import type { Tx } from "@/lib/db/client";
import { workspaceRole } from "@/lib/workspaces/access";

export type AccountOrigin = { createdInWorkspaceId: string | null };

export async function ownsAccountOrigin(tx: Tx, actorId: string, account: AccountOrigin): Promise<boolean> {
  return account.createdInWorkspaceId !== null && (await workspaceRole(actorId, account.createdInWorkspaceId, tx)) === "owner";
}
