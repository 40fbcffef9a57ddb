// CSRF defence for the management API's session-cookie callers. SameSite=Lax cookies still ride
// along on requests from a *same-site* page (another port or subdomain of the same host), and a
// no-cors text/plain POST needs no preflight; so a state-changing request signed in by cookie
// must come from this app's own origin. Bearer-token callers are not browsers carrying ambient
// credentials, and are not checked.
import { crossOriginRefused } from "@/lib/api/errors";
import { env } from "@/lib/env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// "none": typed into the address bar or opened from a bookmark; absent: not a browser, or an old one.
const ALLOWED_FETCH_SITES = new Set(["same-origin", "none"]);

export type SameOriginOptions = { publicUrl?: string; trustProxy?: boolean };

/**
 * Throws 403 cross_origin_refused for an unsafe method unless Sec-Fetch-Site is absent,
 * "same-origin" or "none", and an Origin header, when present, names this app: PUBLIC_URL's
 * host, the Host header, or (TRUST_PROXY) the proxy's X-Forwarded-Host. Hosts are compared
 * with their port; the scheme is not, since a TLS-terminating proxy hides it from this server.
 * None of these headers can be set by a cross-origin page without a CORS preflight, which
 * this API never grants.
 */
export function assertSameOrigin(req: Request, opts: SameOriginOptions = {}): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && !ALLOWED_FETCH_SITES.has(site.trim().toLowerCase())) throw crossOriginRefused();
  const origin = req.headers.get("origin");
  if (origin === null) return;
  const host = hostOf(origin);
  if (!host || !ownHosts(req, opts).has(host)) throw crossOriginRefused();
}

function ownHosts(req: Request, opts: SameOriginOptions): Set<string> {
  const hosts = new Set<string>();
  const publicHost = hostOf(opts.publicUrl ?? env().PUBLIC_URL);
  if (publicHost) hosts.add(publicHost);
  const host = req.headers.get("host");
  const hostHeader = host ? hostOf(`http://${host.trim()}`) : null;
  if (hostHeader) hosts.add(hostHeader);
  if (opts.trustProxy ?? env().TRUST_PROXY) {
    // A chain of proxies lists hosts left to right; the first is the one the browser used.
    const forwarded = req.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
    const forwardedHost = forwarded ? hostOf(`http://${forwarded}`) : null;
    if (forwardedHost) hosts.add(forwardedHost);
  }
  return hosts;
}

// "host[:port]" as the URL parser writes it (default ports dropped, lower case), or null for
// "null" and anything that is not an http(s) origin.
function hostOf(value: string): string | null {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:" ? u.host : null;
  } catch {
    return null;
  }
}
