// A response as plain data, for the paths answered outside Next's route helpers (the intake's
// node:http fast path, /metrics): each adapter writes it to its own server's response object.
export type PlainResponse = { status: number; headers: Record<string, string>; body: string };

/** A JSON answer that is never cached; `extra` adds or overrides headers. */
export function jsonResponse(status: number, body: object, extra: Record<string, string> = {}): PlainResponse {
  return { status, headers: { "content-type": "application/json", "cache-control": "no-store", ...extra }, body: JSON.stringify(body) };
}
