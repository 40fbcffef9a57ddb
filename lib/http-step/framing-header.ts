// Header names an HTTP Request step may not set (nor an api_key account name as its header):
// the ones that say where the request goes or how it is framed on the wire, which the engine
// decides itself. Client-safe: the step's schema (catalog.ts) refuses them at save, the request
// builder again once references are resolved (a name from a run's data, a step saved before).
//
// Host above all: on a server or proxy that serves several sites by name (virtual hosting, a
// reverse proxy, a CDN), Host is the choice of site. An account's credentials and a step's
// secrets are held to the URL's origin (http.ts, secret-to-data-host.ts); a `Host: {{ 1.h }}`
// would hand them to whichever site a delivery names on that same address. The rest are
// hop-by-hop or framing headers (RFC 9110 7.6.1, 8.6; RFC 9112 6): node:http sends a
// Transfer-Encoding beside the Content-Length guarded-fetch sets (a request smuggling shape), a
// Content-Length without a body leaves the receiver waiting, `Connection: X-Api-Key` asks a proxy
// to strip a header, Upgrade/Expect change the exchange. Pseudo-headers (`:authority`) are
// HTTP/2's own and no header name.
const FRAMING = new Set(["host", "content-length", "transfer-encoding", "connection", "keep-alive", "proxy-connection", "te", "trailer", "upgrade", "expect"]);

/** Why a step (or an account) cannot set this header (its name as sent, any case and spaces), or null. */
export function framingHeaderProblem(name: string, who: "step" | "account" = "step"): string | null {
  const n = name.trim();
  const lower = n.toLowerCase();
  const subject = who === "step" ? "a step" : "an account";
  const remedy = who === "step" ? "remove it" : "name another header";
  if (lower === "host") {
    return `${subject} cannot set the Host header: the request goes to the host in its URL (with an account, the account's base URL), and a Host header would choose another site at that address, taking the credentials with it; write the host in the ${who === "step" ? "URL" : "base URL"}`;
  }
  if (FRAMING.has(lower)) return `${subject} cannot set the ${n} header: the engine sets how the request is framed and sent (Content-Length, Transfer-Encoding, Connection …) itself; ${remedy}`;
  if (n.startsWith(":")) return `${n.slice(0, 100)} is an HTTP/2 pseudo-header, which ${subject} cannot set; ${remedy}`;
  return null;
}
