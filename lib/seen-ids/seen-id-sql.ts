// What the seen-ids routes share about the table: "remembered" means the id's window is not over
// by the database's clock (the clock record-seen-key.ts writes with, so workers and web servers
// with skewed clocks agree) — its stored expiry, or sooner when the rules' window is shorter now
// (read-seen-window.ts) — and how a row is shown.
import { Prisma } from "@/lib/generated/prisma/client.ts";
import type { SeenIdEntry } from "@/lib/seen-ids/seen-id-input";

const NOW_UTC = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** Rows remembered now, with `windowDays` the rules' window now (null: the stored expiry alone).
 *  Two comparisons rather than LEAST(…), so the expiry's index still serves. */
export const remembered = (windowDays: number | null) =>
  windowDays === null ? Prisma.sql`"expiresAt" > ${NOW_UTC}` : Prisma.sql`("expiresAt" > ${NOW_UTC} AND "seenAt" > ${NOW_UTC} - make_interval(days => ${windowDays}::int))`;

/** The row's columns as an entry shows them, its expiry the one in force: min(stored, first seen + window). */
export const seenKeyColumns = (windowDays: number | null) =>
  windowDays === null
    ? Prisma.sql`"keyHash", "seenAt", "expiresAt", "runId"`
    : Prisma.sql`"keyHash", "seenAt", LEAST("expiresAt", "seenAt" + make_interval(days => ${windowDays}::int)) AS "expiresAt", "runId"`;

/** How much of the SHA-256 is shown: enough to tell ids apart, and to find one in a list. */
export const HASH_PREFIX_LENGTH = 12;

export type SeenKeyRow = { keyHash: string; seenAt: Date; expiresAt: Date; runId: string };

export const seenIdEntry = (r: SeenKeyRow): SeenIdEntry => ({
  hashPrefix: r.keyHash.slice(0, HASH_PREFIX_LENGTH),
  firstSeenAt: r.seenAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  runId: r.runId,
});
