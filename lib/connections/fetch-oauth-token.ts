// OAuth2 client-credentials tokens for app connections, cached per connection in this process
// until shortly before they expire. The cache key includes a hash of the credentials and token
// settings, so editing a connection never reuses a token of its old credentials. Concurrent
// steps share one in-flight token request.
import { createHash } from "node:crypto";
import { guardedFetch, type GuardedFetchOptions } from "@/lib/net/guarded-fetch";
import { OutboundError } from "@/lib/net/errors";
import { findPlaceholder } from "./connection-settings";
import type { LoadedConnection } from "./get-connection-credentials";

type Cached = { token: string; expiresAt: number };
const cache = new Map<string, Promise<Cached>>();
// Refresh a minute early so a token does not expire between the check and the call.
const EARLY_MS = 60_000;

export class TokenError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

function cacheKey(c: LoadedConnection): string {
  const h = createHash("sha256");
  for (const part of [c.credentials.clientId, c.credentials.clientSecret, c.config.tokenUrl, c.config.scope, c.config.audience, c.config.clientAuth]) h.update(`${part ?? ""}\0`);
  return `${c.id}:${h.digest("hex")}`;
}

type NetOverrides = Pick<GuardedFetchOptions, "policy" | "resolver">;

async function requestToken(c: LoadedConnection, signal?: AbortSignal, net?: NetOverrides): Promise<Cached> {
  const tokenUrl = c.config.tokenUrl;
  if (!tokenUrl) throw new TokenError(`app connection "${c.name}" has no token URL (config.tokenUrl): set it on the Connections page`, false);
  // Accounts made before templates were refused may still hold Entra's "<tenant-id>" one.
  const placeholder = findPlaceholder(tokenUrl);
  if (placeholder) throw new TokenError(`app connection "${c.name}" has a token URL that still holds the placeholder ${placeholder}: set its real token URL on the Connections page`, false);
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  if (c.config.scope) form.set("scope", c.config.scope);
  if (c.config.audience) form.set("audience", c.config.audience);
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
    // The client secret (in the form body by default) goes to the token URL's origin only, as the
    // account's settings say: a 307 elsewhere would post it again there.
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
    const why = [body.error, body.error_description].filter((x) => typeof x === "string").join(": ").slice(0, 300);
    const retryable = res.status === 429 || res.status >= 500;
    throw new TokenError(`OAuth2 token request to ${origin} failed: HTTP ${res.status}${why ? ` ${why}` : typeof body.access_token !== "string" && res.status < 300 ? " (no access_token in the answer)" : ""}`, retryable);
  }
  const expiresIn = Number(body.expires_in);
  const lifetimeMs = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : 3_600_000;
  return { token: body.access_token, expiresAt: Date.now() + Math.max(0, lifetimeMs - Math.min(EARLY_MS, lifetimeMs / 2)) };
}

export type FetchOAuthTokenOptions = { connection: LoadedConnection; forceRefresh?: boolean; signal?: AbortSignal; net?: NetOverrides };

/** An access token for the connection: cached when still fresh, else fetched. */
export async function fetchOAuthToken({ connection, forceRefresh, signal, net }: FetchOAuthTokenOptions): Promise<string> {
  const key = cacheKey(connection);
  const hit = cache.get(key);
  if (hit && !forceRefresh) {
    const cached = await hit.catch(() => undefined);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
  }
  const pending = requestToken(connection, signal, net);
  cache.set(key, pending);
  try {
    return (await pending).token;
  } catch (e) {
    if (cache.get(key) === pending) cache.delete(key);
    throw e;
  }
}

/** Forgets every cached token (tests). */
export const clearOAuthTokenCache = () => cache.clear();
