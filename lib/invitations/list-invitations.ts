// The workspace's invitation links not yet accepted, newest first, expired ones included (marked)
// so that an owner sees a link that ran out and can make another. Owners only.
import { db, type Tx } from "@/lib/db/client";
import { toInvitationView, type InvitationView } from "@/lib/invitations/invitation-schema";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export async function listInvitations(opts: { workspaceId: string; userId: string }): Promise<{ invitations: InvitationView[] }> {
  return db().$transaction(async (tx: Tx) => {
    await requireWorkspaceRole(opts.userId, opts.workspaceId, "owner", tx);
    const rows = await tx.invitation.findMany({
      where: { workspaceId: opts.workspaceId, acceptedAt: null },
      orderBy: { createdAt: "desc" },
      select: { id: true, role: true, note: true, createdAt: true, expiresAt: true, createdBy: { select: { name: true, email: true } } },
    });
    const now = new Date();
    return { invitations: rows.map((r) => toInvitationView(r, now)) };
  });
}
