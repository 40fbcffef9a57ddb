// Undoes a delivery's Content-Encoding (gzip, deflate, br: what senders' HTTP clients compress
// with), so a compressed body is read like any other. The 1 MB delivery limit holds for the
// decoded body too: zlib stops inflating once its output passes the limit (maxOutputLength is
// checked per output chunk, so a 50 MB-of-zeros "zip bomb" costs one chunk past 1 MB, not 50 MB).
import { promisify } from "node:util";
import zlib from "node:zlib";
import * as R from "@/lib/intake/responses";

export type DecodedBody =
  | { ok: true; bytes: Buffer }
  | { ok: false; outcome: "bad_encoding" | "too_large"; response: R.IntakeResponse; reason: string };

type Coding = "gzip" | "deflate" | "br";

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotli = promisify(zlib.brotliDecompress);

// x-gzip is gzip's old name (RFC 9110 §8.4.1.3); identity means "not encoded".
// A Map, not an object: a coding named "constructor" must be unknown, not Object's own property.
const CODINGS = new Map<string, Coding | "identity">([
  ["gzip", "gzip"],
  ["x-gzip", "gzip"],
  ["deflate", "deflate"],
  ["br", "br"],
  ["identity", "identity"],
]);

/** The body with its Content-Encoding undone, or the refusal: an unknown coding, a corrupt stream, too large decoded. */
export async function decodeBody(bytes: Buffer, contentEncoding: string, limit: number): Promise<DecodedBody> {
  // Codings are listed in the order they were applied (RFC 9110 §8.4): undo them last first.
  const codings: Coding[] = [];
  for (const name of contentEncoding.toLowerCase().split(",")) {
    if (name.trim() === "") continue; // "gzip," or a blank header: nothing to undo
    const coding = CODINGS.get(name.trim());
    if (coding === undefined) {
      return { ok: false, outcome: "bad_encoding", response: R.UNSUPPORTED_ENCODING, reason: `Content-Encoding "${contentEncoding.slice(0, 60)}" is not supported` };
    }
    if (coding !== "identity") codings.push(coding);
  }
  let out = bytes;
  for (const coding of codings.reverse()) {
    try {
      out = await inflateWith(coding, out, limit);
    } catch (e) {
      if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
        return { ok: false, outcome: "too_large", response: R.DECODED_TOO_LARGE, reason: `the ${coding}-compressed body is over 1 MB decompressed` };
      }
      return { ok: false, outcome: "bad_encoding", response: R.INVALID_ENCODING[coding], reason: `the body is not valid ${coding} data` };
    }
  }
  return { ok: true, bytes: out };
}

function inflateWith(coding: Coding, bytes: Buffer, limit: number): Promise<Buffer> {
  const options = { maxOutputLength: limit };
  if (coding === "gzip") return gunzip(bytes, options);
  if (coding === "br") return brotli(bytes, options);
  // HTTP's "deflate" is the zlib format, but some senders send a bare deflate stream (as old
  // browsers did); a zlib stream starts with a header whose first two bytes are a multiple of 31.
  return hasZlibHeader(bytes) ? inflate(bytes, options) : inflateRaw(bytes, options);
}

function hasZlibHeader(b: Buffer): boolean {
  return b.length >= 2 && (b[0] & 0x0f) === 8 && (b[0] >> 4) <= 7 && ((b[0] << 8) | b[1]) % 31 === 0;
}
