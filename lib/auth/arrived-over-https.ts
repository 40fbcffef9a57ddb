// Whether a request reached the site over https. This server speaks plain HTTP (server.ts), so only
// a TLS-terminating proxy in front of it can say so, in X-Forwarded-Proto — and only a proxy this
// deployment trusts (TRUST_PROXY, as for X-Forwarded-For and -Host): without one, any client could
// send the header. The session cookie is marked Secure on such a request even when PUBLIC_URL was
// left http (session-cookie.ts), so it is never sent over plain HTTP once the site is used over https.
import { env } from "@/lib/env";

export function arrivedOverHttps(headers: Headers, trustProxy = env().TRUST_PROXY): boolean {
  if (!trustProxy) return false;
  // Proxies in a chain each add theirs after the one before: the first is what the browser used.
  const first = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}
