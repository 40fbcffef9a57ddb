// Revokes one of the caller's own API tokens. Revoking twice is fine; someone else's token (or
// an unknown id) is a 404, so ids of other users' tokens cannot be confirmed by probing.
import { recordAccountEvent } from "@/lib/audit/record-account-event";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

export async function revokeApiToken(opts: { userId: string; tokenId: string }): Promise<void> {
  const token = await db().apiToken.findFirst({ where: { id: opts.tokenId, userId: opts.userId }, select: { id: true, name: true, revokedAt: true } });
  if (!token) throw notFound("API token");
  if (token.revokedAt) return;
  await db().$transaction(async (tx) => {
    // Only the revoke that takes effect is recorded, should two arrive at once.
    const { count } = await tx.apiToken.updateMany({ where: { id: token.id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count > 0) await recordAccountEvent({ userId: opts.userId, action: "api_token_revoked", details: { tokenId: token.id, name: token.name }, tx });
  });
}
