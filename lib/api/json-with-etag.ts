// A JSON answer with a strong ETag, and 304 Not Modified (no body) to a caller that sends it back
// in If-None-Match. For what a page polls whole: the editor reads its workflow every 10 s to notice
// a colleague's save, and a workflow with 1 MB of Testing data cost 1 MB a poll when nothing moved.
// The tag is a hash of the body itself, not of the version: the view also changes without a
// version bump (Live/Draft, a new webhook URL, the saver's name, the provider's name on a pushed
// copy, the public URL), and any change to what the 200 would say must be a new tag.
import { createHash } from "node:crypto";
import { parseEntityTagCondition, type EntityTagCondition } from "@/lib/api/entity-tag-condition";

export function jsonWithETag(req: Request, body: unknown): Response {
  const text = JSON.stringify(body);
  const etag = `"${createHash("sha256").update(text).digest("base64url")}"`;
  // private: the answer is the caller's (access was checked); no-cache: a cache must ask again each time.
  const headers = { etag, "cache-control": "private, no-cache" };
  if (matches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(text, { status: 200, headers: { ...headers, "content-type": "application/json" } });
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): W/"x" matches "x"; "*" matches any. The list
 *  is read as a write's condition is (entity-tag-condition.ts); a value that is no list of tags
 *  matches nothing, so the caller gets the 200 (a GET is not refused for it). */
function matches(header: string | null, etag: string): boolean {
  let condition: EntityTagCondition;
  try {
    condition = parseEntityTagCondition("If-None-Match", header, "an ETag this answer gave");
  } catch {
    return false;
  }
  if (condition === null) return false;
  return condition.any || condition.tags.some((t) => `"${t.tag}"` === etag);
}
