// The request headers an app connection contributes (auth), plus which header names are
// sensitive (never carried across origins on redirect) and which strings must be redacted.
import type { GuardedFetchOptions } from "@/lib/net/guarded-fetch";
import type { LoadedConnection } from "./get-connection-credentials";
import { fetchOAuthToken } from "./fetch-oauth-token";
import { fetchAuthorizationCodeToken } from "./oauth/fetch-authorization-code-token";

export type ConnectionHeaders = { headers: Record<string, string>; sensitiveHeaders: string[]; secrets: string[] };

export type ConnectionHeadersOptions = {
  connection: LoadedConnection;
  forceRefresh?: boolean;
  signal?: AbortSignal;
  /** SSRF policy/resolver overrides for the token request (tests). */
  net?: Pick<GuardedFetchOptions, "policy" | "resolver">;
};

export async function connectionHeaders({ connection: c, forceRefresh, signal, net }: ConnectionHeadersOptions): Promise<ConnectionHeaders> {
  const secrets = [...c.secrets];
  const bearer = (token: string): ConnectionHeaders => {
    if (token) secrets.push(token);
    return { headers: token ? { authorization: `Bearer ${token}` } : {}, sensitiveHeaders: ["authorization"], secrets };
  };
  switch (c.authKind) {
    case "none":
      return { headers: {}, sensitiveHeaders: [], secrets };
    case "bearer":
      return bearer(c.credentials.token);
    case "openai": {
      const key = c.credentials.apiKey ?? "";
      if (c.config.keyHeader !== "api-key") return bearer(key);
      // Azure OpenAI: the key in `api-key` alone, no Authorization beside it.
      if (key) secrets.push(key);
      return { headers: key ? { "api-key": key } : {}, sensitiveHeaders: ["api-key"], secrets };
    }
    case "basic": {
      const encoded = Buffer.from(`${c.credentials.username}:${c.credentials.password}`).toString("base64");
      secrets.push(encoded);
      return { headers: { authorization: `Basic ${encoded}` }, sensitiveHeaders: ["authorization"], secrets };
    }
    case "api_key": {
      const name = (c.config.headerName ?? "X-API-Key").toLowerCase();
      return { headers: { [name]: `${c.config.prefix ?? ""}${c.credentials.apiKey}` }, sensitiveHeaders: [name], secrets };
    }
    case "oauth2_client_credentials":
      return bearer(await fetchOAuthToken({ connection: c, forceRefresh, signal, net }));
    case "oauth2_authorization_code":
      return bearer(await fetchAuthorizationCodeToken({ connection: c, forceRefresh, signal, net }));
  }
}
