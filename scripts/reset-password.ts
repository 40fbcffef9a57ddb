// npm run user:reset-password -- <e-mail> — the operator's way back in for an account whose
// password is lost (the only owner's, say; there is no e-mail to send a reset link with): a new
// temporary password, printed once, to be replaced at the next sign-in; the account's browser
// sessions end, its API tokens are refused until then, and with --revoke-tokens revoked for good
// (for an account that may be in the wrong hands). Against DATABASE_URL, or else the embedded PostgreSQL in DATA_DIR, whether or not
// `npm start` is running (a server it finds running is left running).
import { openOperatorDatabase } from "@/lib/db/open-operator-database";
import { revokeAllApiTokens } from "@/lib/auth/revoke-all-api-tokens";
import { setTemporaryPassword } from "@/lib/auth/set-temporary-password";
import { ConfigError, neverGenerateSecretKey } from "@/lib/env";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const email = args.find((a) => !a.startsWith("-"))?.trim().toLowerCase();
  const unknown = args.filter((a) => a.startsWith("-") && a !== "--revoke-tokens");
  if (!email || unknown.length > 0) {
    console.error(`${unknown.length > 0 ? `unknown option ${unknown[0]}; ` : ""}usage: npm run user:reset-password -- <e-mail> [--revoke-tokens]`);
    return 2;
  }
  const revokeTokens = args.includes("--revoke-tokens");
  neverGenerateSecretKey(); // this command reads no secret, and must leave no key file behind
  const { db, close } = await openOperatorDatabase();
  try {
    const user = await db.user.findUnique({ where: { email }, select: { id: true } });
    if (!user) {
      console.error(`no account with the e-mail ${email}`);
      return 1;
    }
    const { password, revoked } = await db.$transaction(async (tx) => ({
      password: await setTemporaryPassword({ userId: user.id, tx }),
      revoked: revokeTokens ? await revokeAllApiTokens({ userId: user.id, tx }) : null,
    }));
    console.log(`Temporary password for ${email}: ${password}`);
    console.log("It is shown only now. Signing in with it asks for a new password first; the account's browser sessions have ended.");
    console.log(
      revoked === null
        ? "Its API tokens are suspended (403 password_change_required) until the new password is chosen, then work again (--revoke-tokens revokes them for good)."
        : `API tokens revoked: ${revoked}.`,
    );
    return 0;
  } finally {
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof ConfigError ? `Configuration error: ${e.message}` : `reset failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  },
);
