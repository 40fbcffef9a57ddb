// A reference right after an HTTP step URL's host that starts with `/`, `?` or `#` is the URL's
// path or query — the base-URL-plus-path pattern `{{ vars.BASE }}{{ 1.path }}` or
// `https://api.example.com{{ 1.path }}` — each `/`-separated piece encoded as a segment, a `.`
// or `..` piece refused. It used to be refused as "in the URL's host". Real HTTP to a local
// node:http receiver.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import type { StepError } from "@/lib/steps/executors/types";
import { resolvingContext } from "@/tests/helpers/resolving-context";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps } from "@/tests/helpers/memory-connections";

let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ path: url.pathname, search: url.search }));
  });
});
afterAll(() => server.close());

async function send(url: string, data: Record<string, unknown> = {}, vars: Record<string, string> = {}) {
  const ctx = resolvingContext("http", { method: "GET", url }, { 1: data }, { vars });
  const outcome = await createHttpExecutor(memoryDeps([]))(ctx).then(
    (r) => ({ output: r.output as { status: number; body: { path: string; search: string } }, error: null }),
    (e: unknown) => ({ output: null, error: e as StepError }),
  );
  return { ...outcome, raw: server.requests.at(-1)?.url };
}

describe("a reference right after the host", () => {
  it("that starts with / is the path: its pieces are segments", async () => {
    expect((await send(`${server.url}{{ 1.path }}`, { path: "/users/5" })).raw).toBe("/users/5");
    expect((await send("{{ vars.BASE }}{{ 1.path }}", { path: "/users/5" }, { BASE: server.url })).raw).toBe("/users/5");
    const r = await send("{{ vars.BASE }}{{ 1.path }}/detail?x={{ 1.x }}", { path: "/users/a b/c?d#e", x: "1&2" }, { BASE: server.url });
    expect(r.raw).toBe("/users/a%20b/c%3Fd%23e/detail?x=1%262");
    expect(r.output?.body.path).toBe("/users/a%20b/c%3Fd%23e/detail");
  });

  it("that starts with ? or # is the query or fragment, encoded after its delimiter", async () => {
    expect((await send(`${server.url}{{ 1.q }}`, { q: "?a=1&b" })).raw).toBe("/?a%3D1%26b");
    expect((await send(`${server.url}/p{{ 1.q }}`, { q: "?a=1" })).raw).toBe("/p%3Fa%3D1");
  });

  it("refuses a . or .. piece, and a path where the host should be", async () => {
    const before = server.requests.length;
    const walk = await send(`${server.url}{{ 1.path }}`, { path: "/users/../admin" });
    expect(walk.error?.message).toMatch(/path gives "\.\.", which would move the request to another path/);
    expect((await send(`${server.url}{{ 1.path }}`, { path: "/./x" })).error?.message).toMatch(/path gives "\."/);
    // Nothing of a host written yet: the value would become the host.
    expect((await send("http://{{ 1.h }}", { h: "/127.0.0.1/x" })).error?.message).toMatch(/in the URL's host, which takes only a host name or port/);
    expect(server.requests.length).toBe(before);
  });
});
