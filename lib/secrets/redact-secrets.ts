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

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Besides the value as stored, the forms a secret commonly takes on its way into an output: in
// another case ($uppercase, a header echoed back), base64 (standard and URL-safe, padded or
// not), URL-encoded and JSON-escaped (jsonEscapesPattern below: every encoder's escapes). Anything
// further transformed (a substring, a hash) cannot be recognised; README says so.
function forms(secret: string): string[] {
  const b64 = Buffer.from(secret, "utf8").toString("base64");
  // URL-encoded every way the engine encodes: encodeURIComponent, as a query or form value
  // (URLSearchParams, the HTTP step's own encoding: a space as "+", !'()~ as %xx), and as a
  // reference in an HTTP step's URL is encoded for its place there (a path segment keeps `:` and
  // `@`, so `bot12:AB/cd` in a path is `bot12:AB%2Fcd`).
  const formValue = new URLSearchParams([["", secret]]).toString().slice(1);
  const url = [encodeURIComponent(secret), formValue, encodePathSegment(secret), encodeQueryComponent(secret), encodeUserinfo(secret)];
  if (/^[/?#]/.test(secret)) url.push(encodePathStart(secret)); // right after a host: the path's start
  return [secret, b64, b64.replace(/=+$/, ""), Buffer.from(secret, "utf8").toString("base64url"), ...url, JSON.stringify(secret).slice(1, -1), ...embeddedBase64(secret)];
}

// A JSON text may write any character of a string as \uXXXX, and encoders differ in which they
// do: PHP's json_encode writes `/` as `\/` and non-ASCII as `\u00e9`; Go's encoding/json `<`, `>`,
// `&`, U+2028 and U+2029 as `\u003c` (HTML-safe); Python's ensure_ascii every non-ASCII character
// (astral ones as a surrogate pair); .NET's System.Text.Json `<>&'+\`` and non-ASCII in upper-case
// hex (`\u003C`); Gson `<>&='`; PHP's JSON_HEX_* flags `<>&'"`. A response body shown as text (a
// 4xx's error, a text/plain echo) carries the secret so. Rather than list every combination of
// encoder and secret (the count grows with each escaped character), the secret becomes one
// pattern in which each such character matches any of its spellings: any encoder, any mix, one
// alternative per secret. (The pattern is case-insensitive, so hex in either case matches.)
const JSON_SHORT: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
const HTML_SAFE = new Set(["<", ">", "&", "'", "=", "+", "`"]);
const hex4 = (unit: number) => `\\u${unit.toString(16).padStart(4, "0")}`;

function spellings(ch: string): string[] | null {
  const code = ch.codePointAt(0)!;
  if (code > 0xffff) {
    const hi = Math.floor((code - 0x10000) / 0x400) + 0xd800;
    const lo = ((code - 0x10000) % 0x400) + 0xdc00;
    return [ch, hex4(hi) + hex4(lo)];
  }
  if (ch in JSON_SHORT) return [JSON_SHORT[ch], hex4(code)];
  if (code < 0x20) return [hex4(code)];
  if (ch === "/") return [ch, "\\/", hex4(code)];
  if (HTML_SAFE.has(ch) || code >= 0x7f) return [ch, hex4(code)];
  return null;
}

/** The secret as any JSON encoder may write it inside a string: a regular expression's source and
 *  the longest text it matches; null when no character has another spelling (the value as stored
 *  and JSON.stringify's are the forms). */
function jsonEscapesPattern(secret: string): { source: string; length: number } | null {
  let source = "";
  let length = 0;
  let other = false;
  for (const ch of secret) {
    const alts = spellings(ch);
    if (!alts) {
      source += escapeRegExp(ch);
      length += ch.length;
      continue;
    }
    other = true;
    source += `(?:${alts.map(escapeRegExp).join("|")})`;
    length += Math.max(...alts.map((a) => a.length));
  }
  return other ? { source, length } : null;
}

/** A few whole spellings of the JSON forms, for a text cut inside one (maskCutPrefixes works on
 *  plain texts): every character an encoder may escape escaped, and `/` alone as PHP does. */
function jsonCutForms(secret: string): string[] {
  const all = [...secret].map((ch) => spellings(ch)?.at(-1) ?? ch).join("");
  return [all, JSON.stringify(secret).slice(1, -1).replace(/\//g, "\\/")];
}

// Base64 of a secret inside a longer encoded text (`user:secret` as a Basic credential, where the
// username's length decides how the secret's bytes fall into base64's 3-byte groups): for each
// of the three alignments, the characters that only the secret's own bytes determine. Shorter
// than 8 characters they would match by chance (matching is case-insensitive), so not those.
const MIN_EMBEDDED_BASE64 = 8;

function embeddedBase64(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const out: string[] = [];
  for (const shift of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString("base64");
    // Whole groups only: the first shares bytes with what precedes (unless shift is 0), the last
    // partial one with what follows.
    const core = encoded.slice(shift === 0 ? 0 : 4, Math.floor((shift + bytes.length) / 3) * 4);
    if (core.length >= MIN_EMBEDDED_BASE64) out.push(core, core.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return out;
}

// Where the engine shortens a text for a message or a log line (a response body's excerpt, a
// Conditions operand, a console line at its cap) it ends the cut with "…", and a secret cut
// there is no longer whole. So the start of any masked form just before a "…" is masked too.
const ELLIPSIS = "…";

// Bounds on the work: the engine's cut texts (messages, log lines up to 10,000 characters) are
// short and hold a cut or two; an output of megabytes full of "…" must not stall the worker.
const CUT_TEXT_MAX = 64 * 1024;
const CUTS_MAX = 256;

function maskCutPrefixes(text: string, variants: readonly string[]): string {
  if (text.length > CUT_TEXT_MAX || !text.includes(ELLIPSIS)) return text;
  // (Lower-casing keeps the length but for a few letters, such as "İ"; then compare as written.)
  const folded = text.toLowerCase();
  const lower = folded.length === text.length ? folded : text;
  const cuts: [number, number][] = [];
  let seen = 0;
  for (let end = lower.indexOf(ELLIPSIS); end !== -1 && seen < CUTS_MAX; end = lower.indexOf(ELLIPSIS, end + 1), seen++) {
    let start = end;
    for (const v of variants) {
      // The longest start of v that ends right at the cut (shorter than v: a whole one is masked),
      // found from where v's first characters occur in the stretch before the cut.
      const head = v.slice(0, MIN_SECRET_LENGTH);
      for (let from = lower.indexOf(head, Math.max(0, end - v.length + 1)); from !== -1 && from <= end - MIN_SECRET_LENGTH && from < start; from = lower.indexOf(head, from + 1)) {
        if (v.startsWith(lower.slice(from, end))) {
          start = from;
          break;
        }
      }
    }
    if (start < end) cuts.push([start, end]);
  }
  let out = text;
  for (const [start, end] of cuts.reverse()) out = out.slice(0, start) + REDACTED + out.slice(end);
  return out;
}

// An HTTP Request's binary response is its output's body as base64, with bodyEncoding "base64"
// beside it (lib/http-step/binary-body.ts). Masked as text, that base64 would lose its bytes to
// chance: it holds every short run of letters and digits, in either case, so a secret of a few
// characters matched somewhere in a megabyte of it, and "••••" in its place corrupted the file.
// A secret a server echoes in such a body is in its bytes, not spelled by their base64. So the
// bytes are searched instead, for the secret's forms (as stored, base64, URL-encoded,
// JSON-escaped; exact case), each replaced by the mask's bytes; bytes without one are kept as they
// are, to the byte. A form shorter than 6 bytes is not searched: 3 given bytes occur by chance
// about once in 16 MB of binary, 6 about once in 256 TB (a real secret is longer).
const MIN_BINARY_FORM_BYTES = 6;
// The base64 text itself may also spell a secret, not by chance: any step can output
// { bodyEncoding: "base64", body: "{{ secrets.X }}" }, and an API key of letters and digits whose
// length is a multiple of 4 is base64 as the step writes it, its bytes holding nothing to find.
// So a form of at least 12 characters spelled exactly in the text is masked there too: 12 given
// characters occur by chance about once in 4.7e21 positions of base64, no file's bytes are lost to it.
const MIN_SPELLED_FORM = 12;
const BINARY_BODY = "base64";
const asLatin1 = (text: string) => Buffer.from(text, "utf8").toString("latin1");

function isBinaryBodyHolder(v: object): v is { body: string; bodyEncoding: string } {
  return (v as { bodyEncoding?: unknown }).bodyEncoding === BINARY_BODY && typeof (v as { body?: unknown }).body === "string";
}

const isRawJson = (JSON as unknown as { isRawJSON?: (v: unknown) => boolean }).isRawJSON ?? (() => false);


/** A redactor for these secret values (longest first, so a secret containing another is masked whole). */
export function redactSecrets(secrets: readonly (string | null)[]): Redactor {
  const values = [...new Set(secrets.filter((s): s is string => typeof s === "string" && s.length >= MIN_SECRET_LENGTH))];
  if (values.length === 0) return identity;
  const variants = [...new Set(values.flatMap(forms))].filter((v) => v.length >= MIN_SECRET_LENGTH);
  const json = values.map(jsonEscapesPattern).filter((p) => p !== null);
  // One pass, case-insensitive: base64 matched case-insensitively over-masks only strings that
  // differ from a secret's encoding by case, which is harmless. Longest first.
  const alternatives = [...variants.map((v) => ({ source: escapeRegExp(v), length: v.length })), ...json].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(alternatives.map((a) => a.source).join("|"), "gi");
  const cutForms = [...new Set([...variants, ...values.flatMap(jsonCutForms)])].filter((v) => v.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  const lowered = cutForms.map((v) => v.toLowerCase());
  const mask = (text: string) => (text.length >= MIN_SECRET_LENGTH ? maskCutPrefixes(text.replace(pattern, REDACTED), lowered) : text);
  // A number equal to a secret (a numeric PIN) is shown as the mask too — also one beyond double
  // precision, which arrives rounded (as a double equal to the secret's) or exact (JSON.rawJSON).
  const numeric = new Set(values.filter((s) => /^-?\d+(\.\d+)?$/.test(s)).map(Number));
  // Binary bodies (above): the forms as UTF-8 bytes, each byte a latin1 character, in one pattern.
  const byteForms = variants.map(asLatin1).filter((v) => v.length >= MIN_BINARY_FORM_BYTES).sort((a, b) => b.length - a.length);
  const bytePattern = byteForms.length ? new RegExp(byteForms.map(escapeRegExp).join("|"), "g") : null;
  const maskedBytes = asLatin1(REDACTED);
  const spelledForms = variants.filter((v) => v.length >= MIN_SPELLED_FORM).sort((a, b) => b.length - a.length);
  const spelledPattern = spelledForms.length ? new RegExp(spelledForms.map(escapeRegExp).join("|"), "g") : null;
  const maskSpelled = (encoded: string) => (spelledPattern ? encoded.replace(spelledPattern, REDACTED) : encoded);
  const maskBase64 = (encoded: string): string => {
    const bytes = Buffer.from(encoded, "base64");
    // Not base64 as the step writes it (a Code step's look-alike): a text like any other.
    if (bytes.toString("base64") !== encoded) return mask(encoded);
    if (!bytePattern) return maskSpelled(encoded);
    const latin1 = bytes.toString("latin1");
    const masked = latin1.replace(bytePattern, maskedBytes);
    return maskSpelled(masked === latin1 ? encoded : Buffer.from(masked, "latin1").toString("base64"));
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return mask(v);
    if ((typeof v === "number" || typeof v === "bigint") && (values.includes(String(v)) || numeric.has(Number(v)))) return REDACTED;
    if (isRawJson(v)) return values.includes((v as { rawJSON: string }).rawJSON) ? REDACTED : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      const binary = isBinaryBodyHolder(v);
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [mask(k), binary && k === "body" ? maskBase64(x as string) : walk(x)]));
    }
    return v;
  };
  return walk as Redactor;
}
