// The invitation a link's token names, for reading it (read-invitation.ts) or accepting it
// (accept-invitation.ts, locked): a token nobody has is 404; a link used or run out is 410 with
// why, so its holder knows to ask for a new one. The token is the capability: no tenancy check
// of the holder — but its maker must still own the workspace: a link grants what they may grant,
// and losing the owner role revokes their links (revoke-invitations-of-former-owner.ts); this
// check also stops a link left behind, such as one made before that revocation existed. A link
// used by the reader themselves is theirs to look at again (`usedBy`): it is returned, used, for
// the page to say "You joined …" instead of telling them to ask for a new one.
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/api/errors";
import { hashInvitationToken } from "@/lib/invitations/invitation-token";
import { ROLES } from "@/lib/members/member-schema";
import { workspaceRole } from "@/lib/workspaces/access";

export type FoundInvitation = {
  id: string;
  workspaceId: string;
  role: (typeof ROLES)[number];
  expiresAt: Date;
  acceptedAt: Date | null;
  acceptedById: string | null;
  createdById: string | null;
};

export const linkUsed = () => new AppError(410, "invitation_used", "this invitation link has already been used; ask an owner of the workspace for a new one");

export async function findInvitation(tx: Tx, token: string, opts: { lock?: boolean; usedBy?: string } = {}): Promise<FoundInvitation> {
  const hash = hashInvitationToken(token);
  const [row] = opts.lock
    ? await tx.$queryRaw<FoundInvitation[]>`
        SELECT id, "workspaceId", role::text AS role, "expiresAt", "acceptedAt", "acceptedById", "createdById" FROM "Invitation" WHERE "tokenHash" = ${hash} FOR UPDATE`
    : await tx.$queryRaw<FoundInvitation[]>`
        SELECT id, "workspaceId", role::text AS role, "expiresAt", "acceptedAt", "acceptedById", "createdById" FROM "Invitation" WHERE "tokenHash" = ${hash}`;
  if (!row) throw new AppError(404, "not_found", "this invitation link does not work: it is mistyped, or an owner of the workspace revoked it; ask them for a new one");
  if (row.acceptedAt && opts.usedBy && row.acceptedById === opts.usedBy) return row;
  if (row.acceptedAt) throw linkUsed();
  if (row.expiresAt <= new Date()) throw new AppError(410, "invitation_expired", "this invitation link has expired; ask an owner of the workspace for a new one");
  // As a revoked link answers (404): it is one, whether or not its row is gone yet.
  if (!row.createdById || (await workspaceRole(row.createdById, row.workspaceId, tx)) !== "owner") {
    throw new AppError(404, "not_found", "this invitation link does not work: whoever made it is no longer an owner of the workspace, so it was revoked; ask an owner for a new one");
  }
  return row;
}

/**
 * The role the caller already acts with in the workspace when the link would add nothing: a
 * role of their own there, or one at least the link's through its provider (a provider's owner
 * checking a link they made for a client must not use it up). Null: the link is for them to take.
 */
export async function alreadyActsThere(tx: Tx, userId: string, workspaceId: string, role: FoundInvitation["role"]): Promise<{ role: FoundInvitation["role"]; own: boolean } | null> {
  const own = await tx.membership.findUnique({ where: { userId_workspaceId: { userId, workspaceId } }, select: { role: true } });
  if (own) return { role: own.role, own: true };
  const effective = await workspaceRole(userId, workspaceId, tx);
  // ROLES runs from owner down: a smaller index is a higher role.
  return effective && ROLES.indexOf(effective) <= ROLES.indexOf(role) ? { role: effective, own: false } : null;
}
