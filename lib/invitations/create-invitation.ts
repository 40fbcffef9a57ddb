// An owner makes an invitation link for someone who already has an account elsewhere: adding them
// by e-mail is refused for an account made in a workspace the owner does not own (account-origin.ts),
// because the address proves nothing. The link proves the owner chose to hand it to that person:
// whoever accepts it while signed in joins with its role (accept-invitation.ts). Returned once.
import { notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { unlessParentGone } from "@/lib/db/parent-gone";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { toInvitationView, type CreateInvitationInput, type InvitationView } from "@/lib/invitations/invitation-schema";
import { generateInvitationToken, hashInvitationToken, invitationLink } from "@/lib/invitations/invitation-token";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createInvitation(opts: { workspaceId: string; actor: { id: string; email: string }; input: CreateInvitationInput }): Promise<{ invitation: InvitationView; link: string }> {
  const { workspaceId, actor, input } = opts;
  const token = generateInvitationToken();
  // The workspace deleted at the same moment: its 404, as once it is gone.
  return unlessParentGone("workspaceId", () => notFound("workspace"), () => db().$transaction(async (tx: Tx) => {
    await requireWorkspaceRole(actor.id, workspaceId, "owner", tx);
    const row = await tx.invitation.create({
      data: { workspaceId, role: input.role, note: input.note || null, tokenHash: hashInvitationToken(token), createdById: actor.id, expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS) },
      select: { id: true, role: true, note: true, createdAt: true, expiresAt: true, createdBy: { select: { name: true, email: true } } },
    });
    await recordAuditEvent({ workspaceId, actor, action: "invitation_created", details: { invitationId: row.id, role: row.role, note: row.note, expiresAt: row.expiresAt.toISOString() }, tx });
    return { invitation: toInvitationView(row), link: invitationLink(token) };
  }));
}
