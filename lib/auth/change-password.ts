// A user changing their own password. The current one is checked like a sign-in (throttled, so a
// stolen session or API token cannot be used to guess it); the new one is stored as a fresh hash
// and, in the same transaction, every browser session is signed out (as "sign out everywhere"),
// this one included: whoever had the old password is out. API tokens stay valid.
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

export async function changePassword(opts: { userId: string; currentPassword: string; newPassword: string; clientAddress: string | null }): Promise<void> {
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
    await revokeSessions({ userId: opts.userId, tx });
  });
}
