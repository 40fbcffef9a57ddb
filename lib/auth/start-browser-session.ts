// A successful browser sign-in: records the session (its id goes into the cookie as "sid") with
// what the user needs to recognise it later in their sessions list (expired rows are the
// retention pass's: prune-expired-sessions.ts).
// The row is written only while the user's session version is still the one the password was
// checked under: a password change or reset committed between the check (scrypt takes ~50 ms)
// and this write ends every session, and must not miss the one being started. The user row is
// share-locked: a change in flight (which locks it before deleting sessions, revoke-sessions.ts)
// either commits first, and then this sees the new version and writes nothing, or waits for this
// row and deletes it. Null then, and the sign-in fails as if the password were wrong.
import { db } from "@/lib/db/client";

export async function startBrowserSession(opts: { userId: string; sessionVersion: number; userAgent: string | null; ipAddress: string | null }): Promise<string | null> {
  const rows = await db().$queryRaw<{ id: string }[]>`
    INSERT INTO "BrowserSession" ("userId", "userAgent", "ipAddress")
    SELECT id, ${opts.userAgent?.slice(0, 500) || null}, ${opts.ipAddress} FROM "User"
     WHERE id = ${opts.userId} AND "sessionVersion" = ${opts.sessionVersion}
       FOR SHARE
    RETURNING id`;
  return rows[0]?.id ?? null;
}
