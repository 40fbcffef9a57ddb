// Starts "Connect" for an oauth2_authorization_code account: a random single-use `state` bound
// to the signed-in user, the workspace and the account (stored hashed, 10 minutes), a PKCE S256
// verifier (stored encrypted), and the provider's authorize URL the browser is sent to.
import { createHash, randomBytes } from "node:crypto";
import { badRequest } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { encryptSecret } from "@/lib/secrets/crypto";
import { getConnectionCredentials } from "../get-connection-credentials";
import { loadConnection } from "../load-connection";

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
export const hashOAuthState = (state: string) => createHash("sha256").update(state).digest("hex");

export type StartOAuthConnectOptions = { connectionId: string; userId: string; redirectUri: string };

export async function startOAuthConnect({ connectionId, userId, redirectUri }: StartOAuthConnectOptions): Promise<{ authorizeUrl: string; redirectUri: string }> {
  const row = await loadConnection({ connectionId, userId, role: "editor" });
  if (row.authKind !== "oauth2_authorization_code") throw badRequest(`account "${row.name}" uses ${row.authKind} auth; only oauth2_authorization_code accounts are connected by signing in`);
  let c;
  try {
    c = await getConnectionCredentials({ connectionId, workspaceId: row.workspaceId });
  } catch (e) {
    throw badRequest(e instanceof Error ? e.message : String(e), { field: "credentials" });
  }
  let authorize: URL;
  try {
    authorize = new URL(c.config.authorizationUrl ?? "");
    if (authorize.protocol !== "https:" && authorize.protocol !== "http:") throw new Error();
  } catch {
    throw badRequest(`account "${row.name}" has no valid authorization URL (config.authorizationUrl): set it first`, { field: "config.authorizationUrl" });
  }
  const state = randomBytes(32).toString("base64url");
  const verifier = randomBytes(48).toString("base64url");
  await db().oAuthConnectState.create({
    data: { id: hashOAuthState(state), connectionId, workspaceId: row.workspaceId, userId, verifierEncrypted: encryptSecret(verifier), redirectUri, expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS) },
  });
  const params = authorize.searchParams;
  // The extra ones first: the service's own, set after, always win (the config refuses them too).
  for (const [name, value] of Object.entries(c.config.authorizeParams ?? {})) params.set(name, value);
  params.set("response_type", "code");
  params.set("client_id", c.credentials.clientId);
  params.set("redirect_uri", redirectUri);
  if (c.config.scope) params.set("scope", c.config.scope);
  params.set("state", state);
  params.set("code_challenge", createHash("sha256").update(verifier).digest("base64url"));
  params.set("code_challenge_method", "S256");
  return { authorizeUrl: authorize.toString(), redirectUri };
}
