import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearOAuthTokenCache } from "@/lib/connections/fetch-oauth-token";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { MAX_STEP_ATTEMPTS, StepError } from "@/lib/steps/executors/types";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps, type MemoryConnection } from "@/tests/helpers/memory-connections";
import { makeContext } from "@/tests/helpers/step-context";

// The shape of the test server's answers (echo, errors, oauth), loosely typed on purpose.
type Echo = { method: string; query: Record<string, string>; headers: Record<string, string>; body: string; error?: string; token?: string };

let server: Awaited<ReturnType<typeof startLocalServer>>;
let other: Awaited<ReturnType<typeof startLocalServer>>;
let tokenCount = 0;
let validTokens = new Set<string>();

beforeAll(async () => {
  other = await startLocalServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ authorization: req.headers.authorization ?? null, apiKey: req.headers["x-api-key"] ?? null }));
  });
  server = await startLocalServer((req, res, body) => {
    const url = new URL(req.url ?? "/", "http://x");
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === "/echo") return json(200, { method: req.method, query: Object.fromEntries(url.searchParams), headers: req.headers, body });
    if (url.pathname === "/text") {
      res.writeHead(200, { "content-type": "text/plain" });
      return res.end("plain words");
    }
    if (url.pathname.startsWith("/status/")) {
      const code = Number(url.pathname.split("/")[2]);
      const extra: Record<string, string> = {};
      if (url.searchParams.get("retryAfter")) extra["retry-after"] = url.searchParams.get("retryAfter")!;
      return json(code, { error: `status ${code}`, detail: "x".repeat(1000) }, extra);
    }
    if (url.pathname === "/big") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      const chunk = Buffer.alloc(64 * 1024, 97);
      let sent = 0;
      const pump = () => {
        while (sent < 6 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once("drain", pump);
        }
        res.end();
      };
      return pump();
    }
    if (url.pathname === "/hang") return; // never answers
    if (url.pathname === "/gzip") {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      return res.end(gzipSync(JSON.stringify({ zipped: true })));
    }
    if (url.pathname === "/gzip-bomb") {
      res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" });
      return res.end(gzipSync(Buffer.alloc(20 * 1024 * 1024)));
    }
    if (url.pathname === "/elsewhere") {
      res.writeHead(307, { location: `${other.url}/echo` });
      return res.end();
    }
    if (url.pathname === "/oauth/token") {
      const form = new URLSearchParams(body);
      if (form.get("grant_type") !== "client_credentials" || form.get("client_id") !== "cid" || form.get("client_secret") !== "c-secret-123") {
        return json(401, { error: "invalid_client", error_description: "bad client" });
      }
      const token = `tok-${++tokenCount}`;
      validTokens.add(token);
      return json(200, { access_token: token, token_type: "Bearer", expires_in: 3600, scope: form.get("scope") });
    }
    if (url.pathname === "/protected") {
      const token = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!validTokens.has(token)) return json(401, { error: "invalid token" });
      return json(200, { ok: true, token });
    }
    json(404, { error: "not found" });
  });
});
afterAll(async () => {
  await server.close();
  await other.close();
});
beforeEach(() => {
  clearOAuthTokenCache();
  tokenCount = 0;
  validTokens = new Set();
});

const connections = (): MemoryConnection[] => [
  { id: "c-bearer", authKind: "bearer", credentials: { token: "bearer-secret-1" } },
  { id: "c-basic", authKind: "basic", credentials: { username: "ann", password: "pw-secret-2" } },
  { id: "c-key", authKind: "api_key", config: { headerName: "X-Api-Key", prefix: "Key " }, credentials: { apiKey: "key-secret-3" } },
  { id: "c-base", authKind: "none", baseUrl: `${server.url}/` },
  { id: "c-pinned", authKind: "bearer", baseUrl: `${server.url}/api`, credentials: { token: "pinned-secret-4" } },
  { id: "c-oauth", authKind: "oauth2_client_credentials", baseUrl: server.url, config: { tokenUrl: `${server.url}/oauth/token`, scope: "api.read" }, credentials: { clientId: "cid", clientSecret: "c-secret-123" } },
  { id: "c-oauth-bad", authKind: "oauth2_client_credentials", config: { tokenUrl: `${server.url}/oauth/token` }, credentials: { clientId: "cid", clientSecret: "wrong-secret" } },
  { id: "c-foreign", workspaceId: "ws-other", authKind: "bearer", credentials: { token: "other-token" } },
];

function run(config: Record<string, unknown>, outputs: Record<number, unknown> = { 1: {} }, allowed?: string) {
  const ctx = makeContext({ kind: "http", config, outputs });
  return { ctx, result: createHttpExecutor(memoryDeps(connections(), allowed))(ctx) };
}
const output = async (config: Record<string, unknown>, outputs?: Record<number, unknown>) => (await run(config, outputs).result).output as { status: number; headers: Record<string, string>; body: Echo };
const failure = async (config: Record<string, unknown>, allowed?: string) => {
  const e = await run(config, undefined, allowed).result.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(StepError);
  return e as StepError;
};

describe("http step requests", () => {
  it("GET with references in URL, query and headers; JSON response parsed", async () => {
    const out = await output(
      { url: `${server.url}/echo?fixed=1`, query: [{ name: "host", value: "{{ 1.host }}" }, { name: "q", value: "a b&c" }], headers: [{ name: "X-Host", value: "{{ 1.host }}" }] },
      { 1: { host: "srv-01" } },
    );
    expect(out.status).toBe(200);
    expect(out.headers["content-type"]).toBe("application/json");
    expect(out.body.query).toEqual({ fixed: "1", host: "srv-01", q: "a b&c" });
    expect(out.body.headers["x-host"]).toBe("srv-01");
  });

  it("POST JSON body with typed references", async () => {
    const out = await output({ method: "POST", url: `${server.url}/echo`, body: { type: "json", json: { name: "{{ 1.name }}", tags: "{{ 1.tags }}", n: 3 } } }, { 1: { name: "Ada", tags: ["a", "b"] } });
    expect(out.body.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(out.body.body)).toEqual({ name: "Ada", tags: ["a", "b"], n: 3 });
  });

  it("a JSON body with no value (the editor's field cleared) sends no body", async () => {
    const out = await output({ method: "POST", url: `${server.url}/echo`, body: { type: "json" } });
    expect(out.body.body).toBe("");
    expect(out.body.headers["content-type"]).toBeUndefined();
    expect(out.body.headers["content-length"]).toBe("0");
  });

  it("POST form body", async () => {
    const out = await output({ method: "POST", url: `${server.url}/echo`, body: { type: "form", fields: [{ name: "user", value: "{{ 1.u }}" }, { name: "x", value: "1&2" }] } }, { 1: { u: "bob" } });
    expect(out.body.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(out.body.body).toBe("user=bob&x=1%262");
  });

  it("PUT raw body with its content type", async () => {
    const out = await output({ method: "PUT", url: `${server.url}/echo`, body: { type: "raw", raw: "<a>{{ 1.v }}</a>", contentType: "application/xml" } }, { 1: { v: 7 } });
    expect(out.body.method).toBe("PUT");
    expect(out.body.headers["content-type"]).toBe("application/xml");
    expect(out.body.body).toBe("<a>7</a>");
  });

  it("a request that changes something carries an Idempotency-Key of its run and step, the same on every attempt", async () => {
    const first = await output({ method: "POST", url: `${server.url}/echo`, body: { type: "json", json: { a: 1 } } });
    expect(first.body.headers["idempotency-key"]).toBe("run-1.s");
    const again = makeContext({ kind: "http", config: { method: "POST", url: `${server.url}/echo` }, attempt: 3 });
    const retried = (await createHttpExecutor(memoryDeps(connections()))(again)).output as { body: Echo };
    expect(retried.body.headers["idempotency-key"]).toBe("run-1.s");
    const otherRun = makeContext({ kind: "http", config: { method: "DELETE", url: `${server.url}/echo` }, runId: "run-2" });
    expect(((await createHttpExecutor(memoryDeps(connections()))(otherRun)).output as { body: Echo }).body.headers["idempotency-key"]).toBe("run-2.s");
    for (const method of ["PUT", "PATCH"]) expect((await output({ method, url: `${server.url}/echo` })).body.headers["idempotency-key"]).toBe("run-1.s");
  });

  it("reads send no Idempotency-Key, a step's own key is kept, and an empty one sends none", async () => {
    expect((await output({ url: `${server.url}/echo` })).body.headers["idempotency-key"]).toBeUndefined();
    const own = await output({ method: "POST", url: `${server.url}/echo`, headers: [{ name: "idempotency-KEY", value: "ticket-{{ 1.id }}" }] }, { 1: { id: 42 } });
    expect(own.body.headers["idempotency-key"]).toBe("ticket-42");
    // Set empty: none is sent.
    const none = await output({ method: "POST", url: `${server.url}/echo`, headers: [{ name: "Idempotency-Key", value: "" }] });
    expect(none.body.headers["idempotency-key"]).toBeUndefined();
  });

  it("text responses stay text", async () => {
    expect((await output({ url: `${server.url}/text` })).body).toBe("plain words");
  });

  it("a relative URL joins the connection's base URL", async () => {
    expect((await output({ url: "/echo", connectionId: "c-base" })).body.method).toBe("GET");
  });

  it("gzip responses are decoded; a decompression bomb hits the 5 MB cap", async () => {
    expect((await output({ url: `${server.url}/gzip` })).body).toEqual({ zipped: true });
    expect((await failure({ url: `${server.url}/gzip-bomb` })).message).toMatch(/larger than 5 MB/);
  });

  it("credentials are not carried to another origin on redirect", async () => {
    const out = await output({ method: "POST", url: `${server.url}/elsewhere`, connectionId: "c-key", body: { type: "json", json: { a: 1 } } });
    expect(out.body).toEqual({ authorization: null, apiKey: null });
    const viaBearer = await output({ url: `${server.url}/elsewhere`, connectionId: "c-bearer" });
    expect(viaBearer.body).toEqual({ authorization: null, apiKey: null });
  });

  it("a header with a line break is refused", async () => {
    expect((await failure({ url: `${server.url}/echo`, headers: [{ name: "X", value: "a\r\nInjected: 1" }] })).message).toMatch(/line break/);
  });

  it("the SSRF guard applies (no allow-list)", async () => {
    const e = await failure({ url: `${server.url}/echo` }, "");
    expect(e.message).toBe(`GET ${server.url}/echo: refused: 127.0.0.1 is a loopback address (SSRF guard)`);
    expect(e.retryable).toBe(false);
  });

  it("file:// is refused", async () => {
    expect((await failure({ url: "file:///etc/passwd" })).message).toBe(`URL must start with http:// or https:// (or be a path starting with /, which the account's base URL completes); it is "file:///etc/passwd"`);
  });
});

describe("http step auth from app connections", () => {
  it("bearer, basic and API-key headers; secrets echoed back are redacted", async () => {
    const bearer = await output({ url: `${server.url}/echo`, connectionId: "c-bearer" });
    expect(bearer.body.headers.authorization).toBe("Bearer ••••");
    const basic = await output({ url: `${server.url}/echo`, connectionId: "c-basic" });
    expect(basic.body.headers.authorization).toBe("Basic ••••");
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Basic ${Buffer.from("ann:pw-secret-2").toString("base64")}`);
    const key = await output({ url: `${server.url}/echo`, connectionId: "c-key" });
    expect(key.body.headers["x-api-key"]).toBe("Key ••••");
    expect(server.requests.at(-1)?.headers["x-api-key"]).toBe("Key key-secret-3");
    expect(JSON.stringify([bearer, basic, key])).not.toMatch(/secret/);
  });

  it("an account with a base URL sends its credentials to that origin only", async () => {
    expect((await output({ url: `${server.url}/echo`, connectionId: "c-pinned" })).body.headers.authorization).toBe("Bearer ••••");
    const before = other.requests.length;
    const e = await failure({ url: `${other.url}/echo`, connectionId: "c-pinned" });
    expect(e.message).toBe(`the URL's host ${new URL(other.url).host} is not the account's (${new URL(server.url).host}): an account's credentials are sent only to its base URL; use a relative URL, or no account`);
    expect(other.requests.length).toBe(before);
  });

  it("the connection's auth replaces a same-named step header", async () => {
    await output({ url: `${server.url}/echo`, connectionId: "c-bearer", headers: [{ name: "Authorization", value: "Bearer mine" }] });
    expect(server.requests.at(-1)?.headers.authorization).toBe("Bearer bearer-secret-1");
  });

  it("OAuth2 client credentials: token fetched once and cached", async () => {
    const a = await output({ url: "/protected", connectionId: "c-oauth" });
    const b = await output({ url: "/protected", connectionId: "c-oauth" });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(tokenCount).toBe(1);
    const tokenReq = server.requests.find((r) => r.url === "/oauth/token")!;
    expect(new URLSearchParams(tokenReq.body).get("scope")).toBe("api.read");
    expect(a.body.token).toBe("••••"); // the access token is a credential too
  });

  it("OAuth2: a 401 refreshes the token once and retries", async () => {
    await output({ url: "/protected", connectionId: "c-oauth" });
    validTokens.clear(); // revoked server-side
    const ctxRun = run({ url: "/protected", connectionId: "c-oauth" });
    const out = (await ctxRun.result).output as { status: number };
    expect(out.status).toBe(200);
    expect(tokenCount).toBe(2);
    expect(ctxRun.ctx.lines.some((l) => l.includes("fetching a new token"))).toBe(true);
  });

  it("OAuth2: a refused client fails clearly without the secret", async () => {
    const e = await failure({ url: `${server.url}/protected`, connectionId: "c-oauth-bad" });
    expect(e.message).toBe(`GET ${server.url}/protected: OAuth2 token request to ${server.url} failed: HTTP 401 invalid_client: bad client`);
    expect(e.message).not.toMatch(/wrong-secret/);
  });

  it("a connection of another workspace is not found", async () => {
    expect((await failure({ url: `${server.url}/echo`, connectionId: "c-foreign" })).message).toBe("app connection c-foreign not found in this workspace");
    expect((await failure({ url: `${server.url}/echo`, connectionId: "nope" })).message).toMatch(/not found/);
  });
});

describe("http step failures", () => {
  it("404 fails with status and a short excerpt, not retryable", async () => {
    const e = await failure({ url: `${server.url}/status/404` });
    expect(e.message).toMatch(new RegExp(`^HTTP 404 from GET ${server.url}/status/404: \\{"error":"status 404","detail":"x+…$`));
    expect(e.message.length).toBeLessThan(450);
    expect(e.retryable).toBe(false);
  });

  it("429 is retryable with Retry-After seconds", async () => {
    const e = await failure({ url: `${server.url}/status/429?retryAfter=7` });
    expect(e.retryable).toBe(true);
    expect(e.retryAfterMs).toBe(7000);
  });

  it("503 with a Retry-After HTTP date", async () => {
    const at = new Date(Date.now() + 120_000).toUTCString();
    const e = await failure({ url: `${server.url}/status/503?retryAfter=${encodeURIComponent(at)}` });
    expect(e.retryable).toBe(true);
    expect(e.retryAfterMs).toBeGreaterThan(100_000);
    expect(e.retryAfterMs).toBeLessThanOrEqual(120_000);
  });

  it.each(["rfc850", "asctime"])("503 with a Retry-After in the obsolete %s HTTP-date form, read as GMT", async (form) => {
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 7_200_000);
    const [wkd, , mon, yyyy, time] = at.toUTCString().replace(",", "").split(" "); // Sun 06 Nov 1994 08:49:37 GMT
    const day = at.getUTCDate();
    const long = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][at.getUTCDay()];
    const value = form === "rfc850" ? `${long}, ${String(day).padStart(2, "0")}-${mon}-${yyyy.slice(2)} ${time} GMT` : `${wkd} ${mon} ${String(day).padStart(2, " ")} ${time} ${yyyy}`;
    const e = await failure({ url: `${server.url}/status/503?retryAfter=${encodeURIComponent(value)}` });
    expect(e.retryAfterMs).toBeGreaterThan(7_190_000);
    expect(e.retryAfterMs).toBeLessThanOrEqual(7_200_000);
  });

  it("503 with a Retry-After date already past asks for no wait (the engine's backoff still applies)", async () => {
    const e = await failure({ url: `${server.url}/status/503?retryAfter=${encodeURIComponent("Wed, 21 Oct 2015 07:28:00 GMT")}` });
    expect(e.retryable).toBe(true);
    expect(e.retryAfterMs).toBe(0);
  });

  it.each([["-5"], ["1.5"], ["soon"], ["2026-12-01T00:00:00Z"], ["21 Oct 2015 07:28:00 GMT"]])("503 with a malformed Retry-After %s is ignored", async (value) => {
    const e = await failure({ url: `${server.url}/status/503?retryAfter=${encodeURIComponent(value)}` });
    expect(e.retryable).toBe(true);
    expect(e.retryAfterMs).toBeUndefined();
  });

  it("501 is not retryable", async () => {
    expect((await failure({ url: `${server.url}/status/501` })).retryable).toBe(false);
  });

  it("continueOnError returns a failed response as output once no retry is left: a 404 at once, a 500 on the last attempt", async () => {
    const out = await output({ url: `${server.url}/status/404`, continueOnError: true });
    expect(out.status).toBe(404);
    // A 500 is retried first, as without it: the engine's last attempt passes it on.
    const early = await failure({ url: `${server.url}/status/500`, continueOnError: true });
    expect(early.retryable).toBe(true);
    expect(early.output).toMatchObject({ status: 500 });
    const last = makeContext({ kind: "http", config: { url: `${server.url}/status/500`, continueOnError: true }, outputs: { 1: {} }, attempt: MAX_STEP_ATTEMPTS });
    const final = (await createHttpExecutor(memoryDeps(connections()))(last)).output as { status: number; body: Echo };
    expect(final.status).toBe(500);
    expect(final.body.error).toBe("status 500");
  });

  it("a response over 5 MB is aborted", async () => {
    const e = await failure({ url: `${server.url}/big` });
    expect(e.message).toBe(`GET ${server.url}/big: the response is larger than 5 MB, the limit`);
    expect(e.retryable).toBe(false);
  });

  it("a timeout is a retryable failure", async () => {
    const e = await failure({ url: `${server.url}/hang`, timeoutMs: 150 });
    expect(e.message).toBe(`GET ${server.url}/hang: no complete response within 0.15 s`);
    expect(e.retryable).toBe(true);
  });

  it("a refused connection is retryable, or output with continueOnError", async () => {
    const gone = await startLocalServer(() => undefined);
    await gone.close();
    const e = await failure({ url: `${gone.url}/x` });
    // The method and URL once, then what went wrong.
    expect(e.message).toBe(`GET ${gone.url}/x: connection error (ECONNREFUSED)`);
    expect(e.retryable).toBe(true);
    // With continueOnError it is still retried; the last attempt passes it on.
    expect((await failure({ url: `${gone.url}/x`, continueOnError: true })).retryable).toBe(true);
    const last = makeContext({ kind: "http", config: { url: `${gone.url}/x`, continueOnError: true }, outputs: { 1: {} }, attempt: MAX_STEP_ATTEMPTS });
    expect((await createHttpExecutor(memoryDeps(connections()))(last)).output).toMatchObject({ status: 0, body: null, error: e.message });
  });
});
