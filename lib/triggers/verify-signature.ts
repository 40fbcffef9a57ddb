// Inbound webhook signatures: HMAC-SHA256 of the raw body bytes under the trigger's shared
// secret. Senders encode it in many ways (GitHub: "sha256=<hex>", others bare hex or base64,
// some send several values while rotating secrets), so every common form is accepted and any
// one matching value passes. Anything malformed is simply "no match": this never throws on
// sender input, so a hostile header cannot become a 500.
import { createHmac, timingSafeEqual } from "node:crypto";

export const DEFAULT_SIGNATURE_HEADER = "x-service-signature";

const DIGEST_BYTES = 32;
// Any number of values may be sent (the contract: "pass when any one matches"); the work per
// value is one decode and one 32-byte compare, and the HTTP server's header size limit (16 KB in
// Node) bounds how many arrive.
const HEX = /^[0-9a-fA-F]{64}$/;
// 32 bytes are 43 base64 characters plus one optional "=", in either alphabet.
const BASE64 = /^[A-Za-z0-9+/_-]{43}=?$/;

/** The header (lower-case) a trigger's signature is read from. */
export function signatureHeaderName(configured: string | null | undefined): string {
  const name = configured?.trim().toLowerCase();
  return name ? name : DEFAULT_SIGNATURE_HEADER;
}

/** Decodes one signature value to its 32 digest bytes, or null when it is not a valid encoding. */
export function decodeSignature(value: string): Buffer | null {
  let v = value.trim();
  if (v.slice(0, 7).toLowerCase() === "sha256=") v = v.slice(7).trim();
  if (HEX.test(v)) return Buffer.from(v, "hex");
  if (BASE64.test(v)) {
    const bytes = Buffer.from(v.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return bytes.length === DIGEST_BYTES ? bytes : null;
  }
  return null;
}

/** Splits header values (repeated headers arrive as several values or joined by ", ") into candidates. */
export function signatureCandidates(header: string | readonly string[] | null | undefined): string[] {
  if (header == null) return [];
  const parts = (typeof header === "string" ? [header] : header).flatMap((h) => h.split(/[\s,]+/)).filter(Boolean);
  // "sha256= abc…" (whitespace after the prefix) splits in two; put it back together.
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (parts[i].toLowerCase() === "sha256=" && i + 1 < parts.length) out.push(parts[i] + parts[++i]);
    else out.push(parts[i]);
  }
  return out;
}

export type VerifySignatureOptions = {
  secret: string;
  body: Uint8Array;
  header: string | readonly string[] | null | undefined;
};

/** True when any value in the header is the HMAC-SHA256 of `body` under `secret`. */
export function verifySignature({ secret, body, header }: VerifySignatureOptions): boolean {
  const candidates = signatureCandidates(header);
  if (candidates.length === 0) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  let ok = false;
  // Every candidate is compared (no early exit) with a constant-time compare.
  for (const c of candidates) {
    const got = decodeSignature(c);
    if (got && timingSafeEqual(got, expected)) ok = true;
  }
  return ok;
}

/**
 * Why a delivery failed verification, for the workflow's deliveries log only (the sender's 401
 * stays the same for every cause, so it learns nothing). Computed on the refusal path alone, after
 * verifySignature said no: an accepted delivery pays nothing for it. A header missing under the
 * configured name is the likeliest setup mistake (the sender signs in X-Hub-Signature-256 and the
 * trigger reads x-service-signature), so the log names the header it looked for.
 */
export function signatureRejection(headerName: string, header: string | readonly string[] | null | undefined): string {
  if (header == null) return `no ${headerName} header`;
  const candidates = signatureCandidates(header);
  if (candidates.length === 0) return `${headerName} header is empty`;
  if (candidates.every((c) => decodeSignature(c) === null)) return `malformed ${headerName} value (not an HMAC-SHA256 in hex or base64)`;
  return "signature did not match";
}
