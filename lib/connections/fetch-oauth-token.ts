// OAuth2 client-credentials tokens for app connections, cached per connection in this process
// until shortly before they expire. The cache key includes a hash of the credentials and token
// settings, so editing a connection never reuses a token of its old credentials. Concurrent
// steps share one in-flight token request, and so do steps whose token was answered 401 at once:
// the first asks for a new one, the others find it instead of replacing it again.
import { createHash } from "node:crypto";
import type { GuardedFetchOptions } from "@/lib/net/guarded-fetch";
import { findPlaceholder } from "./connection-settings";
import type { LoadedConnection } from "./get-connection-credentials";
import { requestOAuthTokens } from "./oauth/request-oauth-tokens";
import { TokenError } from "./token-error";

type Cached = { token: string; expiresAt: number };
const cache = new Map<string, Promise<Cached>>();
// Refresh a minute early so a token does not expire between the check and the call.
const EARLY_MS = 60_000;

export { TokenError };

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
  const grant: Record<string, string> = { grant_type: "client_credentials" };
  if (c.config.scope) grant.scope = c.config.scope;
  if (c.config.audience) grant.audience = c.config.audience;
  const t = await requestOAuthTokens({ connection: c, grant, signal, net });
  const lifetimeMs = t.expiresAt - Date.now();
  return { token: t.accessToken, expiresAt: Date.now() + Math.max(0, lifetimeMs - Math.min(EARLY_MS, lifetimeMs / 2)) };
}

export type FetchOAuthTokenOptions = {
  connection: LoadedConnection;
  /** The token a 401 answered: never handed out again. */
  rejectedToken?: string;
  signal?: AbortSignal;
  net?: NetOverrides;
};

/** An access token for the connection: cached when still fresh (and not the one rejected), else fetched. */
export async function fetchOAuthToken({ connection, rejectedToken, signal, net }: FetchOAuthTokenOptions): Promise<string> {
  const key = cacheKey(connection);
  let hit = cache.get(key);
  while (hit) {
    const cached = await hit.catch(() => undefined);
    if (cached && cached.expiresAt > Date.now() && cached.token !== rejectedToken) return cached.token;
    // Another step asked for a new token while this one waited: that one is this step's too.
    const latest = cache.get(key);
    if (latest === hit) break;
    hit = latest;
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
