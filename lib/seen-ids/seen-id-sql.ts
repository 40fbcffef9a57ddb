// What the seen-ids routes share about the table: "remembered" means the id's window is not over
// by the database's clock (the clock record-seen-key.ts writes with, so workers and web servers
// with skewed clocks agree), and how a row is shown.
import { Prisma } from "@/lib/generated/prisma/client.ts";
import type { SeenIdEntry } from "@/lib/seen-ids/seen-id-input";

export const REMEMBERED = Prisma.sql`"expiresAt" > (now() AT TIME ZONE 'UTC')`;

/** How much of the SHA-256 is shown: enough to tell ids apart, and to find one in a list. */
export const HASH_PREFIX_LENGTH = 12;

export type SeenKeyRow = { keyHash: string; seenAt: Date; expiresAt: Date; runId: string };

export const seenIdEntry = (r: SeenKeyRow): SeenIdEntry => ({
  hashPrefix: r.keyHash.slice(0, HASH_PREFIX_LENGTH),
  firstSeenAt: r.seenAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  runId: r.runId,
});
