// What the sign-in page says for next-auth's ?error=… codes. Pure, so it is unit-tested.

/** Error code authorize() throws when sign-in is throttled; the retry delay follows a colon. */
export const TOO_MANY_ATTEMPTS = "TooManyAttempts";

export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  if (code === "CredentialsSignin") return "Wrong e-mail or password.";
  if (code.startsWith(TOO_MANY_ATTEMPTS)) {
    const seconds = Number(code.slice(TOO_MANY_ATTEMPTS.length + 1));
    const wait = Number.isFinite(seconds) && seconds > 0 ? `${Math.ceil(seconds)} second${seconds === 1 ? "" : "s"}` : "a moment";
    return `Too many failed sign-ins. Wait ${wait} and try again.`;
  }
  if (code === "SessionRequired") return "Please sign in to continue.";
  return "Sign-in failed. Please try again.";
}
