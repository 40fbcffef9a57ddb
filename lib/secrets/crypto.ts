// Secrets at rest: AES-256-GCM under a key derived from SECRET_KEY. Stored form:
// "v1:<iv b64url>:<tag b64url>:<ciphertext b64url>". Decryption failures throw; callers never
// log the plaintext.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@/lib/env";

// Per key object: a rotation alternates two keys, value by value.
const keyCache = new WeakMap<Buffer, Buffer>();

/** A purpose-bound key, so the same SECRET_KEY never encrypts and signs sessions with one key. */
export function deriveKey(purpose: string, secret: Buffer = env().SECRET_KEY): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), `msp-flow:${purpose}`, 32));
}

function dataKey(secret: Buffer = env().SECRET_KEY): Buffer {
  let key = keyCache.get(secret);
  if (!key) keyCache.set(secret, (key = deriveKey("secrets-at-rest", secret)));
  return key;
}

/** `secret`: another SECRET_KEY to encrypt under (lib/secrets/rotate-secret-key.ts); this process's by default. */
export function encryptSecret(plaintext: string, secret?: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", dataKey(secret), iv);
  const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `v1:${iv.toString("base64url")}:${cipher.getAuthTag().toString("base64url")}:${ct.toString("base64url")}`;
}

/** `secret`: another SECRET_KEY to try (lib/secrets/verify-secret-key.ts); this process's by default. */
export function decryptSecret(stored: string, secret?: Buffer): string {
  const [v, iv, tag, ct] = stored.split(":");
  if (v !== "v1" || !iv || !tag || ct === undefined) throw new Error("unreadable encrypted value");
  const decipher = createDecipheriv("aes-256-gcm", dataKey(secret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}
