// Gives an account a new random password that must be replaced at its next sign-in (there is no
// e-mail to send a reset link with, so someone hands it over), and ends every browser session
// of the account, in the caller's transaction. API tokens are left alone, as with a password
// change. Used when an owner adds someone new or resets a member's password, and by the
// operator's `npm run user:reset-password`.
import { randomBytes } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { revokeSessions } from "@/lib/auth/revoke-sessions";

/** 16 characters of base64url: 96 random bits. */
export const generateTemporaryPassword = () => randomBytes(12).toString("base64url");

export async function setTemporaryPassword(opts: { userId: string; tx: Tx }): Promise<string> {
  const password = generateTemporaryPassword();
  const passwordHash = await hashPassword(password);
  await opts.tx.user.update({ where: { id: opts.userId }, data: { passwordHash, mustChangePassword: true } });
  await revokeSessions({ userId: opts.userId, tx: opts.tx });
  return password;
}
