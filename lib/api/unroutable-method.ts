// A method Next cannot route: TRACE (and TRACK, CONNECT) makes its Request constructor throw,
// answered 500 text/plain with a stack in the log (which would feed alerting); any other method
// outside these (PROPFIND, PURGE, LINK, FOO) a 400 with an empty body. The custom server answers
// them first: a 405 for the API in the shape of the routes' own 405 (method-not-allowed.ts), a
// plain 405 for pages. Which methods a given path takes is its routes' business, so Allow lists
// every method a path here may take; OPTIONS on an /api/v1 path says exactly.
import { jsonResponse, SECURITY_HEADERS, type PlainResponse } from "@/lib/api/plain-response";
import { METHOD_NOT_ALLOWED } from "@/lib/intake/responses";

const ROUTABLE = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const ALLOW = [...ROUTABLE].join(", ");

export function unroutableMethodResponse(method: string | undefined, url: string | undefined): PlainResponse | null {
  if (method === undefined || ROUTABLE.has(method)) return null;
  const path = (url ?? "/").split("?")[0];
  if (path.startsWith("/hooks/")) return METHOD_NOT_ALLOWED; // as the fast path answers, when it is off
  if (path.startsWith("/api/")) {
    const message = `${method} is not allowed here; OPTIONS on this path lists the methods it takes`;
    return jsonResponse(405, { error: "method_not_allowed", message }, { allow: ALLOW });
  }
  return { status: 405, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...SECURITY_HEADERS, allow: ALLOW }, body: `Method not allowed: ${method}.` };
}
