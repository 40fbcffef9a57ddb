// Why the caller may not reset the password of each of some accounts (null: they may) — the one
// rule behind POST …/members/{id}/reset-password (reset-member-password.ts) and the Members
// list's per-row canResetPassword, so the page offers the reset exactly where it would succeed.
// The caller must own the workspace, the workspace the account was made in (account-origin.ts)
// and every workspace the account has a role in: nobody may take over an account that also
// works for another provider, or in a workspace they do not own. Operator-made accounts (no
// origin, e.g. the seeded owner) are the operator's to reset.
import type { Tx } from "@/lib/db/client";
import { listAccessibleWorkspaces } from "@/lib/workspaces/access";

export type ResetPasswordAccount = { id: string; createdInWorkspaceId: string | null };

export type FindResetPasswordRefusalsOptions = { actorId: string; workspaceId: string; accounts: ResetPasswordAccount[]; tx: Tx };

const OPERATOR = "npm run user:reset-password";

export async function findResetPasswordRefusals({ actorId, workspaceId, accounts, tx }: FindResetPasswordRefusalsOptions): Promise<Map<string, string | null>> {
  const owned = new Set((await listAccessibleWorkspaces(actorId, tx)).filter((w) => w.role === "owner").map((w) => w.id));
  const roles = await tx.membership.findMany({ where: { userId: { in: accounts.map((a) => a.id) } }, select: { userId: true, workspaceId: true } });
  const refusal = (a: ResetPasswordAccount): string | null => {
    if (!owned.has(workspaceId)) return "only the workspace's owners reset passwords";
    if (a.id === actorId) return "change your own password under Account & security";
    if (a.createdInWorkspaceId === null) return `this account was made by the operator, who resets it (${OPERATOR})`;
    if (!owned.has(a.createdInWorkspaceId)) {
      return `this account was not created in a workspace you own; its own administrator, or the operator (${OPERATOR}), can reset it`;
    }
    if (roles.some((m) => m.userId === a.id && !owned.has(m.workspaceId))) {
      return `this person also works in workspaces you do not own; their own administrator, or the operator (${OPERATOR}), can reset it`;
    }
    return null;
  };
  return new Map(accounts.map((a) => [a.id, refusal(a)]));
}
