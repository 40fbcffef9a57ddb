// "Sign out everywhere": every browser session of the user issued so far stops working at once,
// on every device (a session carries the version it was issued under; see
// lib/auth/authenticate-request.ts). API tokens are separate and stay valid.
import { db } from "@/lib/db/client";

export async function revokeSessions(opts: { userId: string }): Promise<void> {
  await db().user.update({ where: { id: opts.userId }, data: { sessionVersion: { increment: 1 } } });
}
