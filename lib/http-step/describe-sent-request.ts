// An HTTP Request's log lines for what it sent: its headers, a credential's value shown as ••••,
// and its body as the references filled it in (cut past BODY_CHARS, saying its whole size). A
// PSA's 422 names the field it refused; the step's output is that answer, and without these
// lines nothing showed the request that drew it. A binary body is said by its size and type
// elsewhere (its bytes say nothing in a log). The engine masks secrets in every log line besides.

export const BODY_CHARS = 4_000;

const MASK = "••••";

// Headers whose value is a credential whatever the step: masked even when no secret or account
// says so (a key typed into the step as plain text).
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie)$|(^|[-_])(api[-_]?key|access[-_]?key|secret[-_]?key|private[-_]?key|subscription[-_]?key|token|auth|authentication|secret|password|passwd|session|signature)($|[-_])/i;

/** `masked`: header names (any case) whose values are credentials: an account's own, and those
 *  the step sets that read a secret or are named as one. */
export function describeSentRequest(headers: Record<string, string>, body: string | Buffer | undefined, masked: readonly string[]): string[] {
  const hidden = new Set(masked.map((n) => n.toLowerCase()));
  const shown = Object.entries(headers).map(([k, v]) => `${k}: ${hidden.has(k.toLowerCase()) || CREDENTIAL_HEADER.test(k) ? MASK : v}`);
  const lines = [`request headers: ${shown.join("; ") || "(none)"}`];
  if (typeof body === "string" && body !== "") {
    const bytes = Buffer.byteLength(body);
    const cut = body.length > BODY_CHARS;
    const size = `${bytes.toLocaleString("en-US")} ${bytes === 1 ? "byte" : "bytes"}${cut ? `, the first ${BODY_CHARS.toLocaleString("en-US")} characters` : ""}`;
    lines.push(`request body (${size}): ${cut ? `${body.slice(0, BODY_CHARS)}…` : body}`);
  }
  return lines;
}
