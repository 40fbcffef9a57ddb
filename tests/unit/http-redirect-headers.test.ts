// A redirect to another origin: headers the step set that carry credentials (a value reading a
// secret, or a name such as X-Api-Key / X-Auth-Token) stay behind like Authorization, the rest
// go on; a body carrying credentials is not sent there again by a 307/308; and a hop that fails
// names where the redirect led, not the URL the step asked for.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { StepError } from "@/lib/steps/executors/types";
import { resolvingContext } from "@/tests/helpers/resolving-context";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps } from "@/tests/helpers/memory-connections";

let first: Awaited<ReturnType<typeof startLocalServer>>;
let other: Awaited<ReturnType<typeof startLocalServer>>;
let closedPort = 0;
/** Bodies the other origin received. */
const otherBodies: string[] = [];

beforeAll(async () => {
  // A port nobody listens on: taken, then released.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
  other = await startLocalServer((req, res, body) => {
    if (body) otherBodies.push(body);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(req.headers));
  });
  first = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/same") res.writeHead(307, { location: "/echo" });
    else if (url.pathname === "/echo") res.writeHead(200, { "content-type": "application/json" });
    else if (url.pathname === "/moved-permanently") res.writeHead(308, { location: `${other.url}/echo` });
    else if (url.pathname === "/gone") res.writeHead(302, { location: `http://127.0.0.1:${closedPort}/moved/here?key=1` });
    else res.writeHead(307, { location: `${other.url}/echo` });
    res.end(url.pathname === "/echo" ? JSON.stringify(req.headers) : undefined);
  });
});
afterAll(async () => {
  await first.close();
  await other.close();
});

const headers = [
  { name: "X-Tenant", value: "acme" },
  { name: "X-Api-Key", value: "literal-key-1" },
  { name: "X-Auth-Token", value: "literal-token-2" },
  { name: "X-Custom", value: "Key {{ secrets.K }}" },
  { name: "Idempotency-Key", value: "abc" },
];

async function get(path: string) {
  const ctx = resolvingContext("http", { method: "GET", url: `${first.url}${path}`, headers }, { 1: {} }, { vars: {}, secrets: { K: "sec-ret-value" } });
  return createHttpExecutor(memoryDeps([]))(ctx).then(
    (r) => ({ received: (r.output as { body: Record<string, string> }).body, error: null }),
    (e: unknown) => ({ received: null, error: e as StepError }),
  );
}

describe("an HTTP step's own headers on a redirect", () => {
  it("that carry credentials are not sent to another origin; the others are", async () => {
    const { received } = await get("/elsewhere");
    expect(received?.["x-tenant"]).toBe("acme");
    expect(received?.["idempotency-key"]).toBe("abc");
    expect(received?.["x-api-key"]).toBeUndefined();
    expect(received?.["x-auth-token"]).toBeUndefined();
    expect(received?.["x-custom"]).toBeUndefined();
  });

  it("all go along within the same origin", async () => {
    const { received } = await get("/same");
    expect(received).toMatchObject({ "x-tenant": "acme", "x-api-key": "literal-key-1", "x-auth-token": "literal-token-2", "x-custom": "Key sec-ret-value" });
  });

  it("a failed hop names where the redirect led (origin and path)", async () => {
    const { error } = await get("/gone");
    expect(error).toBeInstanceOf(StepError);
    expect(error?.message).toMatch(new RegExp(`^GET ${first.url}/gone: .*, after a redirect to http://127\\.0\\.0\\.1:${closedPort}/moved/here$`));
    expect(error?.message).not.toContain("key=1");
  });
});

describe("a header whose name a reference gives, on a redirect to another origin", () => {
  // The config holds the template `{{ secrets.HN }}`; the request carries its value as the name.
  async function getWith(hs: { name: string; value: string }[], delivery: Record<string, unknown> = {}) {
    const ctx = resolvingContext("http", { method: "GET", url: `${first.url}/elsewhere`, headers: hs }, { 1: delivery }, { vars: {}, secrets: { HN: "X-Partner-Ref" } });
    const r = await createHttpExecutor(memoryDeps([]))(ctx);
    return (r.output as { body: Record<string, string> }).body;
  }

  it("that reads a secret stays behind: the other host does not receive it", async () => {
    const received = await getWith([
      { name: "{{ secrets.HN }}", value: "partner-7731" },
      { name: "X-Tenant", value: "acme" },
    ]);
    expect(received["x-tenant"]).toBe("acme");
    expect(received["x-partner-ref"]).toBeUndefined();
  });

  it("that a run's data names as a credential (X-Api-Key) stays behind too", async () => {
    const received = await getWith([{ name: "{{ 1.header }}", value: "literal-key-9" }], { header: "X-Api-Key" });
    expect(received["x-api-key"]).toBeUndefined();
  });
});

async function post(path: string, body: unknown) {
  const ctx = resolvingContext("http", { method: "POST", url: `${first.url}${path}`, body }, { 1: {} }, { vars: {}, secrets: { K: "sec-ret-value" } });
  return createHttpExecutor(memoryDeps([]))(ctx).then(
    (r) => ({ status: (r.output as { status: number }).status, error: null }),
    (e: unknown) => ({ status: null, error: e as StepError }),
  );
}

describe("an HTTP step's body on a 307/308 to another origin", () => {
  it("that reads a secret is not sent there: the step fails, naming the redirect", async () => {
    otherBodies.length = 0;
    const bodies = [
      { type: "json", json: { note: "hello", auth: { key: "{{ secrets.K }}" } } },
      { type: "raw", raw: "key={{ secrets.K }}", contentType: "text/plain" },
      { type: "form", fields: [{ name: "client_secret", value: "literal-secret" }] },
      { type: "form", fields: [{ name: "note", value: "{{secrets.K}}" }] },
    ];
    for (const [i, body] of bodies.entries()) {
      const { error } = await post(i % 2 ? "/moved-permanently" : "/elsewhere", body);
      expect(error).toBeInstanceOf(StepError);
      expect(error?.message).toMatch(/another origin, which would be sent the request's body and its credentials: not followed, after a redirect to http:\/\/127\.0\.0\.1:\d+\/echo$/);
      expect(error?.message).not.toContain("sec-ret-value");
    }
    expect(otherBodies).toEqual([]);
  });

  it("without credentials follows as before, and within one origin any body does", async () => {
    otherBodies.length = 0;
    expect(await post("/elsewhere", { type: "json", json: { note: "hello", password_hint: "ask" } })).toEqual({ status: 200, error: null });
    expect(otherBodies).toEqual([JSON.stringify({ note: "hello", password_hint: "ask" })]);
    expect(await post("/same", { type: "json", json: { key: "{{ secrets.K }}" } })).toEqual({ status: 200, error: null });
  });
});
