// A user changing their own password. The current one is checked like a sign-in (throttled, so a
// stolen session or API token cannot be used to guess it); the new one is stored as a fresh hash
// and, in the same transaction, every other browser session is signed out (as "sign out other
// sessions"): whoever had the old password, or a stolen session, is out, while the browser that
// made the change stays signed in (it has just proved the current password) — signing it out too
// only sent the user, a new member on their first sign-in above all, back to sign in again. A
// change made with an API token, or from a cookie older than recorded sessions, keeps no browser
// session. API tokens stay valid.
import { z } from "@/lib/z";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/api/errors";
import { newPasswordSchema } from "@/lib/auth/new-password";
import { hashPassword } from "@/lib/auth/password";
import { revokeSessions } from "@/lib/auth/revoke-sessions";
import { verifyCredentials } from "@/lib/auth/verify-credentials";

export const ChangePasswordBody = z
  .object({
    currentPassword: z.string().min(1).max(1000),
    newPassword: newPasswordSchema(),
  })
  .strict() // a misspelt field is a 400 naming it, like every write body
  .refine((b) => b.newPassword !== b.currentPassword, { path: ["newPassword"], message: "must differ from the current password" });

/** `keepSessionId`: the caller's own browser session, which stays signed in. */
export async function changePassword(opts: { userId: string; currentPassword: string; newPassword: string; clientAddress: string | null; keepSessionId?: string }): Promise<void> {
  const user = await db().user.findUnique({ where: { id: opts.userId }, select: { email: true } });
  if (!user) throw notFound("user");
  try {
    await verifyCredentials({ email: user.email, password: opts.currentPassword, clientAddress: opts.clientAddress });
  } catch (e) {
    // Not 401: the caller is signed in; it is the password in the body that is wrong.
    if (e instanceof AppError && e.status === 401) throw new AppError(403, "invalid_current_password", "the current password is wrong");
    throw e;
  }
  const passwordHash = await hashPassword(opts.newPassword);
  await db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: opts.userId }, data: { passwordHash, mustChangePassword: false } });
    await revokeSessions({ userId: opts.userId, exceptSessionId: opts.keepSessionId, tx });
  });
}
