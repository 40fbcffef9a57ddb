// The tokens of an authorization-code account as stored: one encrypted JSON value in
// Connection.oauthTokensEncrypted. Never returned by any API.
import { decryptSecret, encryptSecret } from "@/lib/secrets/crypto";
import type { OAuthTokens } from "./request-oauth-tokens";

export const sealOAuthTokens = (t: OAuthTokens): string => encryptSecret(JSON.stringify(t));

export function openOAuthTokens(sealed: string | null): OAuthTokens | null {
  if (!sealed) return null;
  try {
    const t = JSON.parse(decryptSecret(sealed)) as OAuthTokens;
    return typeof t.accessToken === "string" && typeof t.expiresAt === "number" ? t : null;
  } catch {
    return null;
  }
}
