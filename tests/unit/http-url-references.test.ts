// References in an HTTP step's URL are data: each value is percent-encoded for its place in the
// URL, so a delivery cannot add query parameters, cut the URL short or walk the path; a
// reference at the start (a base URL variable) still works as the URL's prefix. Real HTTP to a
// local node:http receiver, which records each request line as it arrived.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactSecrets } from "@/lib/secrets/redact-secrets";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { StepError } from "@/lib/steps/executors/types";
import { resolvingContext } from "@/tests/helpers/resolving-context";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps } from "@/tests/helpers/memory-connections";

let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    res.writeHead(url.pathname.startsWith("/status/") ? 500 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify({ path: url.pathname, query: [...url.searchParams] }));
  });
});
afterAll(() => server.close());

const SECRET = "s3cr3t-Val/ue+42";

async function send(url: string, data: Record<string, unknown>, vars: Record<string, string> = {}) {
  const ctx = resolvingContext("http", { method: "GET", url }, { 1: data }, { vars, secrets: { KEY: SECRET } });
  const result = await createHttpExecutor(memoryDeps([]))(ctx);
  return { output: result.output as { status: number; body: { path: string; query: [string, string][] } }, lines: ctx.lines, raw: server.requests.at(-1)!.url };
}

const failure = (url: string, data: Record<string, unknown>) => send(url, data).then(() => null, (e: unknown) => e as StepError);

describe("references in an HTTP step's URL", () => {
  it("a reference that is a whole path segment and has no value fails, sending nothing", async () => {
    const before = server.requests.length;
    for (const url of [`${server.url}/users/{{ 1.id }}`, `${server.url}/items/{{ 1.id }}/detail`, `${server.url}/items/{{ 1.id }}?full=1`]) {
      for (const data of [{}, { id: "" }, { id: null }]) {
        expect((await failure(url, data))?.message, `${url} ${JSON.stringify(data)}`).toBe("a segment of the URL's path is empty: {{ 1.id }} has no value (the request would go to another path)");
      }
    }
    expect(server.requests.length).toBe(before);
    // Part of a segment, or in the query, an empty value changes no path.
    expect((await send(`${server.url}/items/id-{{ 1.id }}`, {})).raw).toBe("/items/id-");
    expect((await send(`${server.url}/items?id={{ 1.id }}`, {})).raw).toBe("/items?id=");
  });

  it("a value in the query stays one parameter value", async () => {
    const { output, raw } = await send(`${server.url}/echo?user={{ 1.u }}&role=viewer`, { u: "bob&role=admin#" });
    expect(output.body.query).toEqual([["user", "bob&role=admin#"], ["role", "viewer"]]);
    expect(raw).toBe("/echo?user=bob%26role%3Dadmin%23&role=viewer");
  });

  it("a value in the path stays one segment", async () => {
    const { output, raw } = await send(`${server.url}/items/{{ 1.id }}/detail`, { id: "../status/500?" });
    expect(output.status).toBe(200);
    expect(raw).toBe("/items/..%2Fstatus%2F500%3F/detail");
    expect(output.body.path).toBe("/items/..%2Fstatus%2F500%3F/detail");
    // `:` and `@` are allowed in a segment and stay readable (a user principal name, a drive).
    expect((await send(`${server.url}/users/{{ 1.upn }}/disks/{{ 1.drive }}`, { upn: "jane@acme.com", drive: "C:" })).raw).toBe("/users/jane@acme.com/disks/C:");
  });

  it("a value that would make a . or .. segment is refused, not resolved away", async () => {
    const before = server.requests.length;
    const e = await failure(`${server.url}/items/{{ 1.id }}/detail`, { id: ".." });
    expect(e).toBeInstanceOf(StepError);
    expect(e?.message).toMatch(/path gives "\.\.", which would move the request to another path/);
    expect(server.requests.length).toBe(before);
  });

  it("a reference at the start is the URL's prefix (scheme, host, base path)", async () => {
    const { output } = await send("{{ vars.BASE_URL }}/items/{{ 1.id }}?q={{ 1.q }}", { id: "a b", q: "x&y" }, { BASE_URL: `${server.url}/api` });
    expect(output.body).toEqual({ path: "/api/items/a%20b", query: [["q", "x&y"]] });
    expect((await send("{{ vars.WHOLE }}", {}, { WHOLE: `${server.url}/whole?a=1&b=2` })).raw).toBe("/whole?a=1&b=2");
  });

  it("a reference in the host takes a host name or port only", async () => {
    const port = String(server.port);
    expect((await send("http://127.0.0.1:{{ 1.port }}/h", { port })).raw).toBe("/h");
    const e = await failure("http://{{ 1.host }}/h", { host: `127.0.0.1:${port}/status/500?` });
    expect(e?.message).toMatch(/in the URL's host, which takes only a host name or port/);
  });

  it("a secret in the query arrives intact and is masked in the output and logs", async () => {
    const { output, lines, raw } = await send(`${server.url}/echo?key={{ secrets.KEY }}`, {});
    expect(output.body.query).toEqual([["key", SECRET]]);
    expect(raw).toBe(`/echo?key=${encodeURIComponent(SECRET)}`);
    const redact = redactSecrets([SECRET]);
    expect(JSON.stringify(redact({ output, lines }))).not.toMatch(/s3cr3t/i);
  });

  it("only http and https URLs are allowed", async () => {
    expect((await failure("file:///etc/passwd", {}))?.message).toBe(`URL must start with http:// or https:// (or be a path starting with /, which the account's base URL completes); it is "file:///etc/passwd"`);
  });
});
