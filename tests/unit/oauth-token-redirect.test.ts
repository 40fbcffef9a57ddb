// An OAuth token request posts the client secret in its body; a token endpoint that answers with a
// 307/308 to another origin would have it posted again there (only headers were kept from other
// origins). It now fails naming where the redirect led, and the other host receives nothing; a
// redirect on the same origin is still followed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearOAuthTokenCache, fetchOAuthToken } from "@/lib/connections/fetch-oauth-token";
import type { LoadedConnection } from "@/lib/connections/get-connection-credentials";
import { parseAllowedRanges } from "@/lib/net/ip-policy";
import { startLocalServer } from "@/tests/helpers/local-server";

let idp: Awaited<ReturnType<typeof startLocalServer>>;
let other: Awaited<ReturnType<typeof startLocalServer>>;
const net = { policy: parseAllowedRanges("127.0.0.0/8") };

const tokenAnswer = (res: import("node:http").ServerResponse) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ access_token: "at-1", expires_in: 3600 }));
};

beforeAll(async () => {
  other = await startLocalServer((_req, res) => tokenAnswer(res));
  idp = await startLocalServer((req, res) => {
    if (req.url === "/elsewhere") return res.writeHead(307, { location: `${other.url}/token` }).end();
    if (req.url === "/moved") return res.writeHead(308, { location: "/token" }).end();
    tokenAnswer(res);
  });
});
afterAll(async () => {
  await idp?.close();
  await other?.close();
});
beforeEach(() => clearOAuthTokenCache());

const connection = (tokenUrl: string): LoadedConnection => ({
  id: `c-${tokenUrl}`,
  app: "edr",
  name: "EDR",
  authKind: "oauth2_client_credentials",
  baseUrl: null,
  config: { tokenUrl },
  credentials: { clientId: "cid", clientSecret: "redirect-secret-1" },
  secrets: ["redirect-secret-1"],
});

describe("an OAuth token request that is redirected", () => {
  it("to another origin fails and sends the client secret nowhere else", async () => {
    await expect(fetchOAuthToken({ connection: connection(`${idp.url}/elsewhere`), net })).rejects.toThrow(
      `OAuth2 token request to ${idp.url} failed: the redirect leads to another origin, which would be sent the request's body and its credentials: not followed, after a redirect to ${other.url}/token`,
    );
    expect(other.requests).toEqual([]);
  });

  it("on its own origin is followed", async () => {
    expect(await fetchOAuthToken({ connection: connection(`${idp.url}/moved`), net })).toBe("at-1");
    expect(idp.requests.filter((r) => r.url === "/token").map((r) => new URLSearchParams(r.body).get("client_secret"))).toEqual(["redirect-secret-1"]);
  });
});
