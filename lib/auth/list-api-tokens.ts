// A user's active API tokens, without secrets (only hashes are stored anyway).
import { db } from "@/lib/db/client";

export type ApiTokenInfo = { id: string; name: string; createdAt: string; lastUsedAt: string | null; current: boolean };

export async function listApiTokens(opts: { userId: string; currentTokenId?: string }): Promise<ApiTokenInfo[]> {
  const rows = await db().apiToken.findMany({
    where: { userId: opts.userId, revokedAt: null },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true },
  });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    current: r.id === opts.currentTokenId,
  }));
}
