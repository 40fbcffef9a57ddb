// A fake OAuth 2.0 provider on 127.0.0.1 for authorization-code accounts: an authorize endpoint
// that approves (or denies) at once and redirects back with a code, a token endpoint that checks
// the client's credentials, the redirect URI and the PKCE verifier, and issues access tokens with
// rotating one-time refresh tokens, and an API endpoint that takes only a live access token —
// one the provider has not revoked early (revokeAccessTokens: a password reset, an admin's revoke).
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { startLocalServer } from "../helpers/local-server";

export type FakeOAuthProvider = Awaited<ReturnType<typeof startFakeOAuthProvider>>;
type Client = { clientId: string; clientSecret: string };

/** On a local server of the tests' own (127.0.0.1, records every request). */
export async function startFakeOAuthProvider(client: Client) {
  const provider = fakeOAuthProvider(client);
  return { ...(await startLocalServer(provider.handle)), ...provider };
}

/** The provider's state and request handler, to serve wherever a spec needs it. */
export function fakeOAuthProvider(client: Client) {
  const codes = new Map<string, { challenge: string; redirectUri: string; used: boolean }>();
  const refreshTokens = new Map<string, "live" | "spent">();
  const accessTokens = new Map<string, number>();
  const state = {
    /** What the next authorize does: approve, or deny as a person who clicked "Cancel". */
    decision: "approve" as "approve" | "deny",
    /** Lifetime of the access tokens issued (seconds). */
    accessTtlSec: 3600,
    /** Latency of a refresh answer (ms), so two refreshes at once overlap. */
    refreshDelayMs: 0,
    /** Every refresh_token grant received (the refresh token sent and the answer's status). */
    refreshes: [] as { refreshToken: string; status: number }[],
    /** The query of every authorize request received, as name → value. */
    authorizeQueries: [] as Record<string, string>[],
    /** The API answers 401 to every token, live or not (a provider that keeps refusing). */
    apiRefusesAll: false,
    latestAccessToken: "",
    latestRefreshToken: "",
  };
  const issue = () => {
    const access = `at-${randomBytes(12).toString("hex")}`;
    const refresh = `rt-${randomBytes(12).toString("hex")}`;
    accessTokens.set(access, Date.now() + state.accessTtlSec * 1000);
    refreshTokens.set(refresh, "live");
    state.latestAccessToken = access;
    state.latestRefreshToken = refresh;
    return { access_token: access, token_type: "Bearer", expires_in: state.accessTtlSec, refresh_token: refresh };
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "GET" && url.pathname === "/authorize") {
      const q = url.searchParams;
      state.authorizeQueries.push(Object.fromEntries(q));
      const back = new URL(q.get("redirect_uri") ?? "");
      back.searchParams.set("state", q.get("state") ?? "");
      if (q.get("client_id") !== client.clientId || q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) {
        back.searchParams.set("error", "invalid_request");
      } else if (state.decision === "deny") {
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "The user cancelled the sign-in");
      } else {
        const code = `code-${randomBytes(12).toString("hex")}`;
        codes.set(code, { challenge: q.get("code_challenge") ?? "", redirectUri: q.get("redirect_uri") ?? "", used: false });
        back.searchParams.set("code", code);
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === "POST" && url.pathname === "/token") {
      const form = new URLSearchParams(body);
      let id = form.get("client_id");
      let secret = form.get("client_secret");
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
      if (basic) [id, secret] = Buffer.from(basic[1], "base64").toString().split(":").map(decodeURIComponent);
      if (id !== client.clientId || secret !== client.clientSecret) return json(res, 401, { error: "invalid_client" });
      if (form.get("grant_type") === "authorization_code") {
        const entry = codes.get(form.get("code") ?? "");
        const challenge = createHash("sha256").update(form.get("code_verifier") ?? "").digest("base64url");
        if (!entry || entry.used || entry.redirectUri !== form.get("redirect_uri") || entry.challenge !== challenge) return json(res, 400, { error: "invalid_grant", error_description: "bad code, redirect URI or code_verifier" });
        entry.used = true;
        return json(res, 200, issue());
      }
      if (form.get("grant_type") === "refresh_token") {
        const sent = form.get("refresh_token") ?? "";
        if (state.refreshDelayMs) await new Promise((r) => setTimeout(r, state.refreshDelayMs));
        const live = refreshTokens.get(sent) === "live";
        state.refreshes.push({ refreshToken: sent, status: live ? 200 : 400 });
        if (!live) return json(res, 400, { error: "invalid_grant", error_description: "refresh token unknown or already used" });
        refreshTokens.set(sent, "spent"); // rotation: each refresh token works once
        return json(res, 200, issue());
      }
      return json(res, 400, { error: "unsupported_grant_type" });
    }
    if (req.method === "GET" && url.pathname === "/api/me") {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
      const until = accessTokens.get(token);
      if (!until || until <= Date.now() || state.apiRefusesAll) return json(res, 401, { error: "invalid_token" });
      return json(res, 200, { user: "tech@provider.example" });
    }
    return json(res, 404, { error: "not_found" });
  };
  return {
    handle,
    state,
    /** Makes every refresh token issued so far unusable, as a provider that revoked the grant. */
    revokeRefreshTokens: () => {
      for (const k of refreshTokens.keys()) refreshTokens.set(k, "spent");
    },
    /** Revokes every access token issued so far before its expiry; the refresh tokens still work. */
    revokeAccessTokens: () => {
      for (const k of accessTokens.keys()) accessTokens.set(k, 0);
    },
  };
}
