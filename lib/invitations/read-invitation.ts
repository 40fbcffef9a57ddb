// What the holder of an invitation link is invited to, before accepting: the workspace, the role,
// who made the link, until when, and whether they are already a member there.
import { db, type Tx } from "@/lib/db/client";
import { alreadyActsThere, findInvitation } from "@/lib/invitations/find-invitation";
import type { InvitationPreview } from "@/lib/invitations/invitation-schema";

export async function readInvitation(opts: { token: string; userId: string }): Promise<{ invitation: InvitationPreview }> {
  return db().$transaction(async (tx: Tx) => {
    const found = await findInvitation(tx, opts.token);
    const row = await tx.invitation.findUniqueOrThrow({
      where: { id: found.id },
      select: { workspace: { select: { id: true, name: true, kind: true } }, createdBy: { select: { name: true, email: true } } },
    });
    const already = await alreadyActsThere(tx, opts.userId, found.workspaceId, found.role);
    return { invitation: { workspace: row.workspace, role: found.role, invitedBy: row.createdBy, expiresAt: found.expiresAt.toISOString(), alreadyMember: already !== null } };
  });
}
