// A request path whose percent-encoding does not decode (`%FF`, `%ZZ`, a lone `%`, an encoded
// UTF-16 surrogate) makes Next answer 500 text/plain while decoding route parameters. The
// custom server answers it first: a 400 saying so (JSON for the API, as every API error).
import { jsonResponse, SECURITY_HEADERS, type PlainResponse } from "@/lib/api/plain-response";

export function malformedPathResponse(url: string | undefined): PlainResponse | null {
  const path = (url ?? "/").split("?")[0];
  try {
    decodeURIComponent(path);
    return null;
  } catch {
    const message = "the request path is not valid percent-encoded UTF-8";
    if (path.startsWith("/api/")) return jsonResponse(400, { error: "invalid_request", message });
    return { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...SECURITY_HEADERS }, body: `Bad request: ${message}.` };
  }
}
