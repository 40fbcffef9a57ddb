// Replaces secret values with •••• in anything the engine shows or stores (step outputs,
// errors, log lines, run errors). Works on decoded values, not on serialized JSON, so masking
// can never break the structure of a document.
import { encodePathSegment, encodePathStart, encodeQueryComponent, encodeUserinfo } from "@/lib/http-step/encode-url-part";

export const REDACTED = "••••";

// Shorter values are not masked in free text: hiding every "1" or "ab" in an output would
// destroy the data while protecting nothing (a 1–2 character secret is not a secret).
const MIN_SECRET_LENGTH = 3;

export type Redactor = <T>(value: T) => T;

const identity: Redactor = (v) => v;

// Besides the value as stored, the forms a secret commonly takes on its way into an output: in
// another case ($uppercase, a header echoed back), base64 (standard and URL-safe, padded or
// not), URL-encoded and JSON-escaped. Anything further transformed (a substring, a hash) cannot
// be recognised; README says so.
function forms(secret: string): string[] {
  const b64 = Buffer.from(secret, "utf8").toString("base64");
  // URL-encoded every way the engine encodes: encodeURIComponent, as a query or form value
  // (URLSearchParams, the HTTP step's own encoding: a space as "+", !'()~ as %xx), and as a
  // reference in an HTTP step's URL is encoded for its place there (a path segment keeps `:` and
  // `@`, so `bot12:AB/cd` in a path is `bot12:AB%2Fcd`).
  const formValue = new URLSearchParams([["", secret]]).toString().slice(1);
  const url = [encodeURIComponent(secret), formValue, encodePathSegment(secret), encodeQueryComponent(secret), encodeUserinfo(secret)];
  if (/^[/?#]/.test(secret)) url.push(encodePathStart(secret)); // right after a host: the path's start
  return [secret, b64, b64.replace(/=+$/, ""), Buffer.from(secret, "utf8").toString("base64url"), ...url, JSON.stringify(secret).slice(1, -1)];
}

const isRawJson = (JSON as unknown as { isRawJSON?: (v: unknown) => boolean }).isRawJSON ?? (() => false);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A redactor for these secret values (longest first, so a secret containing another is masked whole). */
export function redactSecrets(secrets: readonly (string | null)[]): Redactor {
  const values = [...new Set(secrets.filter((s): s is string => typeof s === "string" && s.length >= MIN_SECRET_LENGTH))];
  if (values.length === 0) return identity;
  const variants = [...new Set(values.flatMap(forms))].filter((v) => v.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  // One pass, case-insensitive: base64 matched case-insensitively over-masks only strings that
  // differ from a secret's encoding by case, which is harmless.
  const pattern = new RegExp(variants.map(escapeRegExp).join("|"), "gi");
  const mask = (text: string) => (text.length >= MIN_SECRET_LENGTH ? text.replace(pattern, REDACTED) : text);
  // A number equal to a secret (a numeric PIN) is shown as the mask too — also one beyond double
  // precision, which arrives rounded (as a double equal to the secret's) or exact (JSON.rawJSON).
  const numeric = new Set(values.filter((s) => /^-?\d+(\.\d+)?$/.test(s)).map(Number));
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return mask(v);
    if ((typeof v === "number" || typeof v === "bigint") && (values.includes(String(v)) || numeric.has(Number(v)))) return REDACTED;
    if (isRawJson(v)) return values.includes((v as { rawJSON: string }).rawJSON) ? REDACTED : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [mask(k), walk(x)]));
    return v;
  };
  return walk as Redactor;
}
