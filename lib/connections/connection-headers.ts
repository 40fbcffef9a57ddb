// The request headers an app connection contributes (auth), plus which header names are
// sensitive (never carried across origins on redirect) and which strings must be redacted.
// An OAuth2 account (either grant) also names the access token it sent, so that a 401 can ask for
// a new one in place of exactly that token (send-with-account.ts).
import type { GuardedFetchOptions } from "@/lib/net/guarded-fetch";
import type { LoadedConnection } from "./get-connection-credentials";
import { fetchOAuthToken } from "./fetch-oauth-token";
import { fetchAuthorizationCodeToken } from "./oauth/fetch-authorization-code-token";

export type ConnectionHeaders = {
  headers: Record<string, string>;
  sensitiveHeaders: string[];
  secrets: string[];
  /** The OAuth2 access token sent (a provider may revoke it before it expires); null for other kinds. */
  oauthToken: string | null;
};

export type ConnectionHeadersOptions = {
  connection: LoadedConnection;
  /** The access token a 401 just answered: a new one is fetched unless the account already holds another. */
  rejectedToken?: string;
  signal?: AbortSignal;
  /** SSRF policy/resolver overrides for the token request (tests). */
  net?: Pick<GuardedFetchOptions, "policy" | "resolver">;
};

export async function connectionHeaders({ connection: c, rejectedToken, signal, net }: ConnectionHeadersOptions): Promise<ConnectionHeaders> {
  const secrets = [...c.secrets];
  const bearer = (token: string, oauthToken: string | null = null): ConnectionHeaders => {
    if (token) secrets.push(token);
    return { headers: token ? { authorization: `Bearer ${token}` } : {}, sensitiveHeaders: ["authorization"], secrets, oauthToken };
  };
  const oauth = (token: string) => bearer(token, token);
  switch (c.authKind) {
    case "none":
      return { headers: {}, sensitiveHeaders: [], secrets, oauthToken: null };
    case "bearer":
      return bearer(c.credentials.token);
    case "openai": {
      const key = c.credentials.apiKey ?? "";
      if (c.config.keyHeader !== "api-key") return bearer(key);
      // Azure OpenAI: the key in `api-key` alone, no Authorization beside it.
      if (key) secrets.push(key);
      return { headers: key ? { "api-key": key } : {}, sensitiveHeaders: ["api-key"], secrets, oauthToken: null };
    }
    case "basic": {
      const encoded = Buffer.from(`${c.credentials.username}:${c.credentials.password}`).toString("base64");
      secrets.push(encoded);
      return { headers: { authorization: `Basic ${encoded}` }, sensitiveHeaders: ["authorization"], secrets, oauthToken: null };
    }
    case "api_key": {
      const name = (c.config.headerName ?? "X-API-Key").toLowerCase();
      return { headers: { [name]: `${c.config.prefix ?? ""}${c.credentials.apiKey}` }, sensitiveHeaders: [name], secrets, oauthToken: null };
    }
    case "oauth2_client_credentials":
      return oauth(await fetchOAuthToken({ connection: c, rejectedToken, signal, net }));
    case "oauth2_authorization_code":
      return oauth(await fetchAuthorizationCodeToken({ connection: c, rejectedToken, signal, net }));
  }
}
