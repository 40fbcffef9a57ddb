// Shapes a response for a step output and classifies failures for the engine's retries.
import type { IncomingHttpHeaders } from "node:http";
import { decodeText } from "@/lib/decode-charset";
import { describeBinaryBody, isBinaryBody } from "@/lib/http-step/binary-body";

export function flattenHeaders(h: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

const isJsonType = (ct: string) => /^application\/(.+\+)?json\b/i.test(ct.trim()) || /[/+]json\b/i.test(ct);

/** A response body as a step's output holds it: `body`, and `bodyEncoding: "base64"` when it is
 *  bytes (binary-body.ts), absent for text and JSON. */
export type ReadBody = { body: unknown; bodyEncoding?: "base64" };

/** Bytes (a PDF, an image, octet-stream; binary-body.ts decides) as base64, every byte kept. Else
 *  JSON when the server says JSON (or the text plainly is JSON), else text. JSON is read as UTF-8
 *  whatever a charset says (RFC 8259), a byte order mark ignored; text in its declared charset,
 *  as the intake reads deliveries (lib/decode-charset.ts). */
export function readBody(body: Buffer, contentType: string | undefined): ReadBody {
  // bodyEncoding first: a reader of the output (Executions, the API) meets it before megabytes of base64.
  if (isBinaryBody(body, contentType)) return { bodyEncoding: "base64", body: body.toString("base64") };
  return { body: parseText(body, contentType) };
}

/** The body alone (readBody): a binary one is its base64 text. */
export function parseBody(body: Buffer, contentType: string | undefined): unknown {
  return readBody(body, contentType).body;
}

function parseText(body: Buffer, contentType: string | undefined): unknown {
  const ct = contentType ?? "";
  const json = isJsonType(ct);
  const text = json ? body.toString("utf8") : decodeText(body, ct);
  if (text.trim() === "") return json ? null : "";
  if (json || (!ct && /^\s*[[{]/.test(text))) {
    try {
      return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      return text;
    }
  }
  return text;
}

/** An error's quote of a response body: its start on one line (excerpt), or for bytes what they
 *  are, "(binary body, 2,048 bytes, image/png)": base64 says nothing to a reader. */
export function bodyExcerpt(read: ReadBody, byteLength: number, contentType: string | undefined, max = 300): string {
  return read.bodyEncoding === "base64" ? describeBinaryBody(byteLength, contentType) : excerpt(read.body, max);
}

/** 408, 425, 429 and 5xx other than 501/505 are worth another attempt. */
export const isRetryableStatus = (s: number) => s === 408 || s === 425 || s === 429 || (s >= 500 && s !== 501 && s !== 505);

// RFC 9110 §10.2.3: Retry-After is delay-seconds (digits only) or an HTTP-date in one of its
// three forms. Date.parse alone would take "-5" or "2015" as dates (long past: no wait at all),
// so only these shapes are read as dates; anything else is ignored and the engine's backoff applies.
const DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
const TIME = "\\d\\d:\\d\\d:\\d\\d";
const IMF_FIXDATE = new RegExp(`^${DAY}, \\d\\d ${MONTH} \\d{4} ${TIME} GMT$`);
const RFC_850 = new RegExp(`^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \\d\\d-${MONTH}-\\d\\d ${TIME} GMT$`);
const ASCTIME = new RegExp(`^${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4}$`);

/** Retry-After in ms from now (0 for a date already past), capped at a day; undefined when the
 *  header is absent or malformed. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Math.min(Number(v) * 1000, 86_400_000);
  // asctime carries no zone; HTTP dates are always GMT.
  const at = IMF_FIXDATE.test(v) || RFC_850.test(v) ? Date.parse(v) : ASCTIME.test(v) ? Date.parse(`${v} GMT`) : NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - now), 86_400_000);
}

export function excerpt(body: unknown, max = 300): string {
  const text = (typeof body === "string" ? body : JSON.stringify(body) ?? "").replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Origin and path only: query strings often carry keys. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}
