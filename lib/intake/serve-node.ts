// node:http adapter for the intake: the custom server hands /hooks/<token> here before Next
// sees the request (a Next route handler tops out near 1,000 req/s on 2 cores).
import type { IncomingMessage, ServerResponse } from "node:http";
import { handleDelivery } from "@/lib/intake/intake";
import { declaredLength, readIncomingBody } from "@/lib/intake/read-body";
import { MAX_BODY_BYTES } from "@/lib/intake/responses";

// Everything under /hooks/ is the intake's: a path with more segments (/hooks/<token>/extra) is an
// unknown webhook URL like any other — its whole rest is the "token", which no endpoint has — so it
// gets the usual 202 and no run, never Next's HTML 404 page.
const HOOK_PATH = /^\/hooks\/([^?#]+?)\/?(?:[?#].*)?$/;

/** The token of a /hooks/<token> URL (for a longer path, its whole rest), or null when the path is something else. */
export function hookToken(url: string | undefined): string | null {
  const m = url ? HOOK_PATH.exec(url) : null;
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

export async function serveHook(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
  const result = await handleDelivery({
    method: req.method ?? "GET",
    token,
    headers: req.headers,
    readBody: (limit) => readIncomingBody(req, limit),
  });
  if (res.headersSent || res.destroyed) return;
  res.writeHead(result.status, { ...result.headers, "content-length": Buffer.byteLength(result.body) });
  res.end(result.body);
}

/** Whether the intake answers this request from its method and declared length, reading nothing. */
export function refusedFromHeaders(req: IncomingMessage): boolean {
  const declared = declaredLength(req.headers["content-length"]);
  return req.method !== "POST" || (declared !== null && declared > MAX_BODY_BYTES);
}
