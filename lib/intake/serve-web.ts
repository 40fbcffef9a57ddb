// Web Request/Response adapter for the intake, used by the Next route handlers under app/hooks
// (next dev, or a deployment without the custom server): the same intake the custom server's
// fast path (serve-node.ts) uses.
import { handleDelivery } from "@/lib/intake/intake";
import { readBody } from "@/lib/intake/read-body";

export async function serveWebHook(request: Request, token: string): Promise<Response> {
  const headers: Record<string, string> = {};
  // Headers iterates names in lower case, repeated headers joined with ", ".
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // Node's web streams are async iterable; the DOM typings lack it.
  const body = request.body as unknown as AsyncIterable<Uint8Array> | null;
  const result = await handleDelivery({ method: request.method, token, headers, readBody: (limit) => readBody(body, limit) });
  // Hop-by-hop "connection" is the server's business; Next manages its own connections.
  const out = Object.entries(result.headers).filter(([name]) => name !== "connection");
  return new Response(request.method === "HEAD" ? null : result.body, { status: result.status, headers: out });
}
