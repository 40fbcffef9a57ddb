// E-mail + password check shared by the browser sign-in (next-auth) and API token issue.
// Throttled per e-mail and per client address; unknown e-mails cost the same scrypt time as
// known ones, so timing does not tell which addresses have accounts.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/api/errors";
import { unstorableText } from "@/lib/api/find-unstorable-json";
import { DUMMY_HASH, verifyPassword } from "@/lib/auth/password";
import { reserveSignInAttempt, settleSignInAttempt, type ThrottleKey } from "@/lib/auth/sign-in-throttle";
import { FREE_FAILURES } from "@/lib/auth/throttle-policy";

export type VerifiedUser = { id: string; email: string; name: string; sessionVersion: number; mustChangePassword: boolean };

export const invalidCredentials = () => new AppError(401, "invalid_credentials", "wrong e-mail or password");
export const tooManyAttempts = (retryAfter: number) =>
  new AppError(429, "too_many_attempts", `too many failed sign-ins; try again in ${retryAfter} s`, { retryAfter });

export async function verifyCredentials(opts: { email: string; password: string; clientAddress: string | null }): Promise<VerifiedUser> {
  const email = opts.email.trim().toLowerCase();
  // No account has such an address, and the throttle could not store it as a key.
  if (unstorableText(email)) throw invalidCredentials();
  const emailKey = `email:${email.slice(0, 320)}`;
  const addressKey = opts.clientAddress ? `address:${opts.clientAddress}` : undefined;
  const keys: ThrottleKey[] = [{ key: emailKey, free: FREE_FAILURES.email }];
  if (addressKey) keys.push({ key: addressKey, free: FREE_FAILURES.address });

  const gate = await reserveSignInAttempt(keys);
  if (!gate.ok) throw tooManyAttempts(gate.retryAfterSeconds);

  const user = await db().user.findUnique({ where: { email }, select: { id: true, email: true, name: true, passwordHash: true, sessionVersion: true, mustChangePassword: true } });
  const matches = await verifyPassword(opts.password, user?.passwordHash ?? DUMMY_HASH);
  const succeeded = Boolean(user && matches);
  await settleSignInAttempt({ succeeded, emailKey, addressKey });
  if (!user || !succeeded) throw invalidCredentials();
  return { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion, mustChangePassword: user.mustChangePassword };
}
