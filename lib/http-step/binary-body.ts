// Whether an HTTP response body is bytes to keep as they are (base64 in the step's output) or text.
//
// Why: a step's output is JSON, which holds text, not bytes. Read as text, a PDF, a PNG, a ZIP or
// an application/octet-stream download turned every byte that is not UTF-8 into U+FFFD: the file
// was gone, and no later step (a Code step, an HTTP Request uploading it as an attachment) could
// get it back. Such a body is now its base64 with `bodyEncoding: "base64"` beside it; a text or
// JSON body is read as before, so existing workflows' outputs do not change.
//
// The server's word decides first: a Content-Type that is textual (text/*, JSON and XML types
// with their +json/+xml suffixes, forms, JavaScript, GraphQL, a few other text formats, or any type
// with a charset= parameter: a charset only means something for text) is text, except that a
// charset on a type otherwise binary (application/pdf;charset=UTF-8) leaves it to the bytes; any other (image/*,
// audio/*, video/*, font/*, application/pdf, application/zip, application/octet-stream, Office's
// application/vnd.openxmlformats-…, multipart/*) is bytes. Without a Content-Type (or with one that is not
// a media type at all), the bytes decide: valid UTF-8 is text, as it always was (and is read as
// JSON when it parses), anything else is bytes. Pure: shared by the step and its tests.

/** The media type's parts, lower-cased, without parameters; null when it is not `type/subtype`. */
function mediaType(contentType: string): { type: string; subtype: string } | null {
  const m = /^\s*([a-z0-9!#$&^_.+-]+)\/([a-z0-9!#$&^_.+-]+)\s*(?:;|$)/i.exec(contentType);
  return m ? { type: m[1].toLowerCase(), subtype: m[2].toLowerCase() } : null;
}

// Types that are text besides text/*, by the subtype's words: the subtype's
// split at . + - so `vnd.api+json`, `x-ndjson`, `x-amz-json-1.1`, `xml-dtd`, `atom+xml`
// and `svg+xml` (an image/ type, text all the same) are text, while Office's
// `vnd.openxmlformats-officedocument.…` (a ZIP, "xml" only inside a word) and `vnd.wap.wbxml`
// (binary XML) are not.
// `jwt` and `jose` (RFC 7519's and 7515's compact tokens, an OAuth token endpoint's or an
// identity provider's answer) and `pem` (x-pem-file) are ASCII a later step reads as text.
const TEXT_WORDS = new Set(["json", "jsonl", "ndjson", "xml", "javascript", "ecmascript", "graphql", "yaml", "toml", "csv", "sql", "jwt", "jose", "pem"]);
const TEXT_SUBTYPES = new Set(["x-www-form-urlencoded", "x-sh"]);

/** A Content-Type whose body is text: read as such, never kept as base64. */
export function isTextualContentType(contentType: string): boolean {
  if (/;\s*charset\s*=/i.test(contentType)) return true;
  const media = mediaType(contentType);
  if (!media) return false;
  if (media.type === "text") return true;
  if (TEXT_SUBTYPES.has(media.subtype)) return true;
  return media.subtype.split(/[.+-]/).some((word) => TEXT_WORDS.has(word));
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Whether this response body is bytes to keep as base64 rather than text to decode. An empty
 *  body never is: "" is the same in either reading, and a HEAD's or a 204's stays "". */
export function isBinaryBody(bytes: Uint8Array, contentType: string | undefined): boolean {
  if (bytes.length === 0) return false;
  const ct = contentType?.trim() ?? "";
  // A charset on a type that is not text by itself (`application/pdf;charset=UTF-8`) is a server
  // adding it to every response, as a Java servlet container does once the request's encoding is
  // set: the bytes decide, so such a PDF is not decoded to U+FFFDs while text labelled so still reads as text.
  const charsetOnBinaryType = mediaType(ct) !== null && /;\s*charset\s*=/i.test(ct) && !isTextualContentType(ct.replace(/;.*$/s, ""));
  if (ct && !charsetOnBinaryType && (mediaType(ct) || /;\s*charset\s*=/i.test(ct))) return !isTextualContentType(ct);
  return !isUtf8(bytes);
}

/** What an error message says of a binary body instead of quoting its base64:
 *  "(binary body, 2,048 bytes, image/png)". */
export function describeBinaryBody(byteLength: number, contentType: string | undefined): string {
  const type = contentType ? mediaType(contentType) : null;
  return `(binary body, ${byteLength.toLocaleString("en-US")} ${byteLength === 1 ? "byte" : "bytes"}${type ? `, ${type.type}/${type.subtype}` : ""})`;
}
