// Whether an authorization-code account can sign its steps' requests: connected (it holds
// tokens), not connected (never, or since an edit gave its tokens another owner) or needs
// reconnecting (the provider refused its refresh token). Null for every other auth kind. Pure.
export type OAuthStatus = "connected" | "not_connected" | "needs_reconnect";

type Row = { authKind: string; oauthTokensEncrypted?: string | null; oauthStatus?: string | null };

export function oauthStatus(row: Row): OAuthStatus | null {
  if (row.authKind !== "oauth2_authorization_code") return null;
  if (row.oauthStatus === "needs_reconnect") return "needs_reconnect";
  return row.oauthTokensEncrypted ? "connected" : "not_connected";
}
