// Webhook URL tokens: the URL's only protection when no shared secret is set, so they carry
// 256 random bits (43 characters of base64url), far beyond the 128 bits needed to be unguessable.
import { randomBytes } from "node:crypto";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,128}$/;

export function generateWebhookToken(): string {
  return randomBytes(32).toString("base64url");
}

/** True when `token` could have been issued by us; anything else is unknown without a lookup. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}
