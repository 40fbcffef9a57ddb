// The provider's redirect back after "Connect": the `state` must be one this service made for
// this very user, unexpired and unused (it is spent by the first attempt, whatever comes of it);
// then the code is exchanged, with the PKCE verifier, for tokens stored encrypted on the account.
// Every refusal stores nothing and says why, for the page the browser lands on.
import { AppError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/secrets/crypto";
import { lockSecretKey } from "@/lib/secrets/lock-secret-key";
import { workspaceRole } from "@/lib/workspaces/access";
import { TokenError } from "../token-error";
import { getConnectionCredentials } from "../get-connection-credentials";
import { oauthTokenOwner } from "./oauth-token-owner";
import { sealOAuthTokens } from "./oauth-token-store";
import { requestOAuthTokens } from "./request-oauth-tokens";
import { hashOAuthState } from "./start-oauth-connect";

export type CompleteOAuthConnectOptions = { userId: string; state: string | null; code: string | null; error: string | null; errorDescription: string | null };

const refused = (message: string) => new AppError(400, "oauth_connect_failed", message);

export async function completeOAuthConnect({ userId, state, code, error, errorDescription }: CompleteOAuthConnectOptions): Promise<{ connectionId: string; workspaceId: string; name: string }> {
  if (!state) throw refused("the provider's answer has no state: start again with Connect on the account");
  const id = hashOAuthState(state);
  const row = await db().oAuthConnectState.findUnique({ where: { id } });
  // Another user's state says no more than an unknown one: it is not theirs to complete.
  if (!row || row.userId !== userId) throw refused("this sign-in is unknown or was started by someone else: start again with Connect on the account");
  if (row.usedAt) throw refused("this sign-in was already used: start again with Connect on the account");
  if (row.expiresAt.getTime() <= Date.now()) throw refused("this sign-in expired (it is valid for 10 minutes): start again with Connect on the account");
  // Spent before anything else: a second use of the same answer, even at once, finds it used.
  const spent = await db().oAuthConnectState.updateMany({ where: { id, usedAt: null }, data: { usedAt: new Date() } });
  if (spent.count !== 1) throw refused("this sign-in was already used: start again with Connect on the account");
  const role = await workspaceRole(userId, row.workspaceId);
  if (role !== "owner" && role !== "editor") throw refused("you can no longer change this workspace's accounts");
  if (error) throw refused(`the provider did not connect the account: ${(errorDescription || error).slice(0, 300)}`);
  if (!code) throw refused("the provider's answer has no code: start again with Connect on the account");
  const c = await getConnectionCredentials({ connectionId: row.connectionId, workspaceId: row.workspaceId });
  let tokens;
  try {
    tokens = await requestOAuthTokens({ connection: c, grant: { grant_type: "authorization_code", code, redirect_uri: row.redirectUri, code_verifier: decryptSecret(row.verifierEncrypted) } });
  } catch (e) {
    if (e instanceof TokenError) throw refused(`the account was not connected: ${e.message}`);
    throw e;
  }
  await db().$transaction(async (tx) => {
    await lockSecretKey(tx);
    // An edit that gave the tokens another owner while the person signed in (update-connection.ts,
    // under this row's lock too) has cleared the account: these tokens are the old client's.
    await tx.$queryRaw`SELECT 1 FROM "Connection" WHERE id = ${c.id} FOR UPDATE`;
    const now = await getConnectionCredentials({ connectionId: c.id, workspaceId: row.workspaceId, tx });
    if (now.authKind !== c.authKind || oauthTokenOwner({ clientId: now.credentials.clientId, config: now.config }) !== oauthTokenOwner({ clientId: c.credentials.clientId, config: c.config })) {
      throw refused("the account's client ID, authorization URL, token URL or scope was changed while you signed in: start again with Connect on the account");
    }
    await tx.connection.update({ where: { id: c.id }, data: { oauthTokensEncrypted: sealOAuthTokens(tokens), oauthStatus: "connected", oauthConnectedAt: new Date() } });
  });
  return { connectionId: c.id, workspaceId: row.workspaceId, name: c.name };
}
