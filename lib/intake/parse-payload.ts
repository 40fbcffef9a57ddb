// Turns an accepted body into the run's trigger, as JSON text ready for the json column.
// JSON is stored as posted: we validate with JSON.parse but keep the sender's own text, so
// numbers beyond double precision survive exactly and objects keep their key order (the column
// is json: PostgreSQL keeps the text).
// Form bodies become an object of their fields; text/plain holding a JSON object or array is stored
// as JSON; any other type is stored as one string. Text and
// forms are read in their declared charset (JSON is UTF-8 by definition).
import { MAX_JSON_DEPTH } from "@/lib/api/find-unstorable-json";
import { decoderFor } from "@/lib/decode-charset";
import { escapeAt, storableJsonText, toStorableJson } from "@/lib/json/storable-json";

export type Payload = { ok: true; json: string } | { ok: false };

// PostgreSQL refuses "\u0000" and unpaired surrogates wherever a JSON string becomes text or
// jsonb (lib/json/storable-json.ts), and its JSON parser recurses per nesting level; such
// escapes are replaced in the text (too deep a body is refused) here so one hostile delivery
// cannot fail a whole batch or, later, its run.

export function mediaType(contentType: string | null | undefined): string {
  if (!contentType) return "";
  const semi = contentType.indexOf(";");
  return (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
}

export function isJsonType(type: string): boolean {
  return type === "application/json" || type === "text/json" || type.endsWith("+json");
}

export function parsePayload(bytes: Buffer, contentType: string | null | undefined): Payload {
  const type = mediaType(contentType);
  // JSON is UTF-8 whatever a charset says (RFC 8259); text and forms are read in theirs.
  if (isJsonType(type)) return parseJson(bytes.toString("utf8"));
  const decoder = decoderFor(contentType);
  if (type === "application/x-www-form-urlencoded") return { ok: true, json: toStorableJson(decoder ? formFieldsIn(bytes, decoder) : formFields(bytes.toString("utf8"))) };
  const text = decoder ? decoder.decode(bytes) : bytes.toString("utf8");
  // No Content-Type at all: many senders forget it; store JSON when the body is JSON.
  if (type === "") {
    const asJson = parseJson(text);
    if (asJson.ok) return asJson;
  }
  // JSON labelled text/plain (AWS SNS, and senders whose HTTP client defaults to it): an object or
  // array is stored as one so its fields can be mapped; any other text ("ok", "42") stays a string.
  if (type === "text/plain" && startsJsonContainer(text)) {
    const asJson = parseJson(text);
    if (asJson.ok) return asJson;
  }
  return { ok: true, json: toStorableJson(text) };
}

function parseJson(raw: string): Payload {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  try {
    JSON.parse(text); // validation only: the sender's text is what is stored
  } catch {
    return { ok: false };
  }
  const scan = scanJson(text);
  if (scan.depth > MAX_JSON_DEPTH) return { ok: false };
  // Only the refused escapes change, in the text: a parse-and-stringify would round big numbers
  // and reorder integer-like keys of every body that holds one (an emoji escaped as a pair did).
  return { ok: true, json: scan.unsafeEscape ? storableJsonText(text) : text };
}

/** Whether the text's first non-blank character (after a BOM) opens an object or an array. */
function startsJsonContainer(text: string): boolean {
  const first = /^\uFEFF?\s*(\S)/.exec(text.slice(0, 1024))?.[1];
  return first === "{" || first === "[";
}

function formFields(text: string): Record<string, string | string[]> {
  return collectFields(new URLSearchParams(text));
}

/** Form fields as an object, a repeated field as an array of its values in order. */
function collectFields(pairs: Iterable<[string, string]>): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [k, v] of pairs) {
    const prev = fields.get(k);
    fields.set(k, prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v]);
  }
  // fromEntries defines own properties, so a field named "__proto__" stays a plain field.
  return Object.fromEntries(fields);
}

/** Form fields whose percent-escapes are bytes of another charset (URLSearchParams reads UTF-8 only). */
function formFieldsIn(bytes: Buffer, decoder: TextDecoder): Record<string, string | string[]> {
  const decode = (part: string) => {
    const out: number[] = [];
    for (let i = 0; i < part.length; i++) {
      const c = part.charCodeAt(i);
      if (c === 0x2b) out.push(0x20); // "+" is a space
      else if (c === 0x25 && isHex(part.charCodeAt(i + 1)) && isHex(part.charCodeAt(i + 2))) {
        out.push(parseInt(part.slice(i + 1, i + 3), 16));
        i += 2;
      } else out.push(c);
    }
    return decoder.decode(Uint8Array.from(out));
  };
  // latin1: one character per byte, so the body's own bytes are what gets decoded.
  const pairs = bytes
    .toString("latin1")
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair): [string, string] => {
      const eq = pair.indexOf("=");
      return eq === -1 ? [decode(pair), ""] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
    });
  return collectFields(pairs);
}

const isHex = (c: number) => (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);

/**
 * One pass over text already known to be valid JSON: its deepest bracket nesting outside
 * strings, and whether a string holds an escape PostgreSQL refuses (storable-json.ts: \u0000 or a
 * lone surrogate; a pair such as \ud83d\ude00, how many encoders write every emoji, is fine).
 * One loop instead of a loop and a regex over every body, and no allocation.
 */
function scanJson(text: string): { depth: number; unsafeEscape: boolean } {
  let depth = 0;
  let max = 0;
  let unsafeEscape = false;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) {
        // Backslash: skip the whole escape (both halves of a surrogate pair), noting a refused one.
        const length = escapeAt(text, i);
        if (length < 0) unsafeEscape = true;
        i += Math.abs(length) - 1;
      } else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) max = depth;
    } else if (c === 93 || c === 125) depth--;
  }
  return { depth: max, unsafeEscape };
}
