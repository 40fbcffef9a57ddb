// An audit event about a person's own account (an API token made or revoked, "Sign out
// everywhere"). Accounts belong to no workspace, so it goes into the log of every workspace the
// person has a role of their own in — where the owners who answer for that access look (a
// provider's log lists its clients' too). Someone with no role anywhere leaves no record.
import type { Tx } from "@/lib/db/client";
import { recordAuditEvent, type AuditAction } from "@/lib/audit/record-audit-event";

export type RecordAccountEventOptions = {
  userId: string;
  action: Extract<AuditAction, "api_token_created" | "api_token_revoked" | "signed_out_everywhere">;
  /** Ids and names only: never a token. */
  details?: Record<string, unknown>;
  tx: Tx;
};

export async function recordAccountEvent({ userId, action, details = {}, tx }: RecordAccountEventOptions): Promise<void> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true, email: true, memberships: { select: { workspaceId: true } } } });
  if (!user) return;
  const actor = { id: user.id, email: user.email };
  for (const m of user.memberships) await recordAuditEvent({ workspaceId: m.workspaceId, actor, action, details, tx });
}
