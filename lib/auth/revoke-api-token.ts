// Revokes one of the caller's own API tokens. Revoking twice is fine; someone else's token (or
// an unknown id) is a 404, so ids of other users' tokens cannot be confirmed by probing.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

export async function revokeApiToken(opts: { userId: string; tokenId: string }): Promise<void> {
  const token = await db().apiToken.findFirst({ where: { id: opts.tokenId, userId: opts.userId }, select: { id: true, revokedAt: true } });
  if (!token) throw notFound("API token");
  if (token.revokedAt) return;
  await db().apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
}
