// An HTTP Request's log lines for what it sent: its headers, a credential's value shown as ••••,
// and its body as the references filled it in, a field named as a credential shown as •••• (cut
// past BODY_CHARS, saying its whole size). A PSA's 422 names the field it refused; the step's
// output is that answer, and without these lines nothing showed the request that drew it. A binary body is said by its size and type
// elsewhere (its bytes say nothing in a log). The engine masks secrets in every log line besides.

export const BODY_CHARS = 4_000;

const MASK = "••••";

// Headers whose value is a credential whatever the step: masked even when no secret or account
// says so (a key typed into the step as plain text).
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie)$|(^|[-_])(api[-_]?key|access[-_]?key|secret[-_]?key|private[-_]?key|subscription[-_]?key|token|auth|authentication|secret|password|passwd|session|signature)($|[-_])/i;

// A body field named as a credential (JSON key at any depth, form field): a generated password
// or a token is data the step carries on, not a secret the engine knows to mask. camelCase is
// split first, so clientSecret, apiKey and accessToken read as client_secret, api_key,
// access_token; the credential word ends the name (forceChangePasswordNextSignIn, tokenCount
// are not credentials), and only a text value is hidden (a flag or a count says nothing).
const CREDENTIAL_FIELD = /(^|_)(api_?key|access_?key|secret_?key|private_?key|subscription_?key|token|auth|authorization|secret|password|passwd|pwd|passphrase|session|signature|cookie)$/;
const namedAsCredential = (name: string) => CREDENTIAL_FIELD.test(name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/-/g, "_").toLowerCase());

// Only a field's own value is hidden: an object under such a name (passwordProfile) is walked.
// `hits` counts the fields hidden, so a body with none is shown byte for byte as sent.
function maskFields(value: unknown, hits: { n: number }): unknown {
  if (Array.isArray(value)) return value.map((v) => maskFields(v, hits));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const hide = typeof v === "string" && v !== "" && namedAsCredential(k);
    if (hide) hits.n++;
    // defineProperty: a "__proto__" key stays a field of the copy.
    Object.defineProperty(out, k, { value: hide ? MASK : maskFields(v, hits), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function maskBody(body: string, contentType: string): string {
  if (/^\s*[[{]/.test(body)) {
    try {
      const hits = { n: 0 };
      const masked = maskFields(JSON.parse(body), hits);
      return hits.n > 0 ? JSON.stringify(masked) : body;
    } catch {
      return body;
    }
  }
  if (/application\/x-www-form-urlencoded/i.test(contentType)) {
    const form = new URLSearchParams(body);
    if (![...form.keys()].some(namedAsCredential)) return body;
    return [...form].map(([k, v]) => `${encodeURIComponent(k)}=${namedAsCredential(k) && v !== "" ? MASK : encodeURIComponent(v)}`).join("&");
  }
  return body;
}

/** `masked`: header names (any case) whose values are credentials: an account's own, and those
 *  the step sets that read a secret or are named as one. `bodyNote`: said beside the body's size. */
export function describeSentRequest(headers: Record<string, string>, body: string | Buffer | undefined, masked: readonly string[], bodyNote?: string): string[] {
  const hidden = new Set(masked.map((n) => n.toLowerCase()));
  const shown = Object.entries(headers).map(([k, v]) => `${k}: ${hidden.has(k.toLowerCase()) || CREDENTIAL_HEADER.test(k) ? MASK : v}`);
  const lines = [`request headers: ${shown.join("; ") || "(none)"}`];
  if (typeof body === "string" && body !== "") {
    const bytes = Buffer.byteLength(body);
    const size = `${bytes.toLocaleString("en-US")} ${bytes === 1 ? "byte" : "bytes"}`;
    const contentType = Object.entries(headers).find(([k]) => k.toLowerCase() === "content-type")?.[1] ?? "";
    // Masked before the cut: a cut JSON body would no longer parse.
    const shownBody = maskBody(body, contentType);
    const cut = shownBody.length > BODY_CHARS;
    const notes = [size, cut ? `the first ${BODY_CHARS.toLocaleString("en-US")} characters` : "", bodyNote ?? ""].filter(Boolean).join(", ");
    lines.push(`request body (${notes}): ${cut ? `${shownBody.slice(0, BODY_CHARS)}…` : shownBody}`);
  }
  return lines;
}
