// What the holder of an invitation link is invited to, before accepting: the workspace, the role,
// who made the link and whom it is for (its note), until when, and whether they are already a
// member there. The person who used the link, reopening it while they still work there, reads
// that they joined (`joined`) rather than that the link was used.
import { db, type Tx } from "@/lib/db/client";
import { alreadyActsThere, findInvitation, linkUsed } from "@/lib/invitations/find-invitation";
import type { InvitationPreview } from "@/lib/invitations/invitation-schema";

export async function readInvitation(opts: { token: string; userId: string }): Promise<{ invitation: InvitationPreview }> {
  return db().$transaction(async (tx: Tx) => {
    const found = await findInvitation(tx, opts.token, { usedBy: opts.userId });
    const row = await tx.invitation.findUniqueOrThrow({
      where: { id: found.id },
      select: { note: true, workspace: { select: { id: true, name: true, kind: true } }, createdBy: { select: { name: true, email: true } } },
    });
    const already = await alreadyActsThere(tx, opts.userId, found.workspaceId, found.role);
    // Used by them but no longer theirs to open (removed since): the link is simply used.
    if (found.acceptedAt && !already) throw linkUsed();
    return {
      invitation: {
        workspace: row.workspace,
        role: found.role,
        invitedBy: row.createdBy,
        note: row.note,
        expiresAt: found.expiresAt.toISOString(),
        alreadyMember: already !== null,
        joined: found.acceptedAt !== null,
      },
    };
  });
}
