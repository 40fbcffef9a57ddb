// The access token of an oauth2_authorization_code account for a step: the stored one while it
// has more than a minute left, else a new one from its refresh token. The refresh runs inside a
// transaction holding the account's row lock (FOR UPDATE), so two runs on any workers never both
// spend a one-time refresh token: the second waits, then finds the first one's fresh token. A
// refused refresh (invalid_grant) marks the account "needs_reconnect", committed, then fails.
// A token a provider answered 401 (revoked early: a password reset, an admin's revoke) is
// refreshed the same way, unless the account already holds another: a run that met the same 401
// a moment earlier has refreshed it, and its token is this run's too.
import { db } from "@/lib/db/client";
import type { GuardedFetchOptions } from "@/lib/net/guarded-fetch";
import { lockSecretKey } from "@/lib/secrets/lock-secret-key";
import { TokenError } from "../token-error";
import type { LoadedConnection } from "../get-connection-credentials";
import { openOAuthTokens, sealOAuthTokens } from "./oauth-token-store";
import { OAuthGrantError, requestOAuthTokens } from "./request-oauth-tokens";

// Refresh a minute early so a token does not expire between the check and the call.
const EARLY_MS = 60_000;

export const needsReconnectMessage = (name: string) => `account "${name}" must be reconnected: the provider refused its refresh token (invalid_grant)`;
// Said before any request: without tokens the provider would only answer a 401 that names nothing.
const notConnectedMessage = (name: string) => `account "${name}" is not connected: open Connections and click Connect`;

const MISSING = "missing";
const REFUSED = "refused";
type Outcome = typeof MISSING | typeof REFUSED | { token: string };

export type FetchAuthorizationCodeTokenOptions = {
  connection: LoadedConnection;
  /** The access token a 401 answered: never handed out again. */
  rejectedToken?: string;
  signal?: AbortSignal;
  net?: Pick<GuardedFetchOptions, "policy" | "resolver">;
};

export async function fetchAuthorizationCodeToken({ connection: c, rejectedToken, signal, net }: FetchAuthorizationCodeTokenOptions): Promise<string> {
  const row = await db().connection.findUnique({ where: { id: c.id }, select: { oauthTokensEncrypted: true, oauthStatus: true } });
  if (row?.oauthStatus === "needs_reconnect") throw new TokenError(needsReconnectMessage(c.name), false);
  const stored = openOAuthTokens(row?.oauthTokensEncrypted ?? null);
  if (!stored) throw new TokenError(notConnectedMessage(c.name), false);
  const fresh = (t: { accessToken: string; expiresAt: number }) => t.accessToken !== rejectedToken && t.expiresAt - EARLY_MS > Date.now();
  if (fresh(stored)) return stored.accessToken;
  // The token this run found wanting: the stored one, or the one a 401 answered.
  const stale = rejectedToken ?? stored.accessToken;

  const outcome = await db().$transaction(
    async (tx): Promise<Outcome> => {
      await lockSecretKey(tx); // before the row lock, as every secret write takes them
      const [locked] = await tx.$queryRaw<{ oauthTokensEncrypted: string | null; oauthStatus: string | null }[]>`
        SELECT "oauthTokensEncrypted", "oauthStatus" FROM "Connection" WHERE id = ${c.id} FOR UPDATE`;
      if (locked?.oauthStatus === "needs_reconnect") return REFUSED;
      const current = openOAuthTokens(locked?.oauthTokensEncrypted ?? null);
      if (!current) return MISSING;
      // Another run refreshed while this one waited for the lock: its token is this one's too.
      if (current.accessToken !== stale && fresh(current)) return { token: current.accessToken };
      if (!current.refreshToken) return REFUSED;
      try {
        const next = await requestOAuthTokens({ connection: c, grant: { grant_type: "refresh_token", refresh_token: current.refreshToken }, signal, net });
        // A provider that does not rotate keeps the refresh token it gave before.
        const tokens = { ...next, refreshToken: next.refreshToken ?? current.refreshToken };
        await tx.connection.update({ where: { id: c.id }, data: { oauthTokensEncrypted: sealOAuthTokens(tokens) } });
        return { token: tokens.accessToken };
      } catch (e) {
        if (e instanceof OAuthGrantError && e.error === "invalid_grant") {
          await tx.connection.update({ where: { id: c.id }, data: { oauthStatus: "needs_reconnect" } });
          return REFUSED;
        }
        throw e;
      }
    },
    // The refresh request (30 s at most) runs while the lock is held.
    { maxWait: 10_000, timeout: 45_000 },
  );
  if (outcome === MISSING) throw new TokenError(notConnectedMessage(c.name), false);
  if (outcome === REFUSED) throw new TokenError(needsReconnectMessage(c.name), false);
  return outcome.token;
}
