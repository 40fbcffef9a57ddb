// One request to an OAuth2 account's token endpoint — client credentials (RFC 6749 4.4), an
// authorization code's exchange (4.1.3) or a refresh (6) — through the SSRF-guarded fetch, the
// client authenticated as the account says (form body by default, or HTTP Basic). The answer's
// tokens are returned, never logged.
import { guardedFetch, type GuardedFetchOptions } from "@/lib/net/guarded-fetch";
import { OutboundError } from "@/lib/net/errors";
import { TokenError } from "../token-error";
import type { LoadedConnection } from "../get-connection-credentials";

export type OAuthTokens = { accessToken: string; expiresAt: number; refreshToken: string | null };

/** The token endpoint refused the grant (`error` as the provider said it: invalid_grant …). */
export class OAuthGrantError extends TokenError {
  constructor(
    message: string,
    readonly error: string,
    retryable: boolean,
  ) {
    super(message, retryable);
  }
}

export type RequestOAuthTokensOptions = {
  connection: LoadedConnection;
  grant: Record<string, string>;
  signal?: AbortSignal;
  net?: Pick<GuardedFetchOptions, "policy" | "resolver">;
};

export async function requestOAuthTokens({ connection: c, grant, signal, net }: RequestOAuthTokensOptions): Promise<OAuthTokens> {
  const tokenUrl = c.config.tokenUrl;
  if (!tokenUrl) throw new TokenError(`account "${c.name}" has no token URL (config.tokenUrl): set it on the Accounts page`, false);
  const form = new URLSearchParams(grant);
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
  if (c.config.clientAuth === "basic") {
    const enc = (s: string) => encodeURIComponent(s);
    headers.authorization = `Basic ${Buffer.from(`${enc(c.credentials.clientId)}:${enc(c.credentials.clientSecret)}`).toString("base64")}`;
  } else {
    form.set("client_id", c.credentials.clientId);
    form.set("client_secret", c.credentials.clientSecret);
  }
  let origin = tokenUrl;
  try {
    origin = new URL(tokenUrl).origin;
  } catch {
    /* guardedFetch reports the bad URL */
  }
  let res;
  try {
    // The client secret and the code or refresh token stay with the token URL's origin.
    res = await guardedFetch({ ...net, method: "POST", url: tokenUrl, headers, body: form.toString(), bodyStaysWithOrigin: true, timeoutMs: 30_000, maxResponseBytes: 256 * 1024, signal });
  } catch (e) {
    if (e instanceof OutboundError) throw new TokenError(`OAuth2 token request to ${origin} failed: ${e.message}`, e.retryable);
    throw e;
  }
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(res.body.toString("utf8")) as Record<string, unknown>;
  } catch {
    /* handled below */
  }
  if (res.status < 200 || res.status >= 300 || typeof body.access_token !== "string") {
    // Only the standard error fields: a token endpoint's page could echo what we sent.
    const error = typeof body.error === "string" ? body.error.slice(0, 100) : "";
    const why = [error, typeof body.error_description === "string" ? body.error_description : ""].filter(Boolean).join(": ").slice(0, 300);
    const retryable = res.status === 429 || res.status >= 500;
    throw new OAuthGrantError(`OAuth2 token request to ${origin} failed: HTTP ${res.status}${why ? ` ${why}` : res.status < 300 ? " (no access_token in the answer)" : ""}`, error, retryable);
  }
  const expiresIn = Number(body.expires_in);
  const lifetimeMs = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : 3_600_000;
  return { accessToken: body.access_token, expiresAt: Date.now() + lifetimeMs, refreshToken: typeof body.refresh_token === "string" && body.refresh_token ? body.refresh_token : null };
}
