// The invitation a link's token names, for reading it (read-invitation.ts) or accepting it
// (accept-invitation.ts, locked): a token nobody has is 404; a link used or run out is 410 with
// why, so its holder knows to ask for a new one. The token is the capability: no tenancy check.
import type { Tx } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/api/errors";
import { hashInvitationToken } from "@/lib/invitations/invitation-token";
import type { ROLES } from "@/lib/members/member-schema";

export type FoundInvitation = {
  id: string;
  workspaceId: string;
  role: (typeof ROLES)[number];
  expiresAt: Date;
  acceptedAt: Date | null;
};

export async function findInvitation(tx: Tx, token: string, opts: { lock?: boolean } = {}): Promise<FoundInvitation> {
  const hash = hashInvitationToken(token);
  const [row] = opts.lock
    ? await tx.$queryRaw<FoundInvitation[]>`
        SELECT id, "workspaceId", role::text AS role, "expiresAt", "acceptedAt" FROM "Invitation" WHERE "tokenHash" = ${hash} FOR UPDATE`
    : await tx.$queryRaw<FoundInvitation[]>`
        SELECT id, "workspaceId", role::text AS role, "expiresAt", "acceptedAt" FROM "Invitation" WHERE "tokenHash" = ${hash}`;
  if (!row) throw notFound("invitation (the link is wrong, or an owner revoked it)");
  if (row.acceptedAt) throw new AppError(410, "invitation_used", "this invitation link has already been used; ask an owner of the workspace for a new one");
  if (row.expiresAt <= new Date()) throw new AppError(410, "invitation_expired", "this invitation link has expired; ask an owner of the workspace for a new one");
  return row;
}
