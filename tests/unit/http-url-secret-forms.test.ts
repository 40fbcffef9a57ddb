// A secret placed anywhere in an HTTP step's URL is masked in every form the URL builder gives it
// (a path segment keeps `:` and `@`, a query component encodes `'`): one encoder per URL part,
// shared by the builder and the masking. Real HTTP to a local node:http receiver.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "@/lib/secrets/redact-secrets";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { StepError } from "@/lib/steps/executors/types";
import { resolvingContext } from "@/tests/helpers/resolving-context";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps } from "@/tests/helpers/memory-connections";

let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/echo-auth") {
      // A refusal that quotes the request's credentials back after some text, as some APIs do.
      res.writeHead(403, { "content-type": "application/json" });
      return res.end(JSON.stringify({ pad: "x".repeat(Number(url.searchParams.get("pad") ?? 0)), echoAuth: req.headers.authorization ?? null }));
    }
    res.writeHead(url.pathname.endsWith("/fail") ? 500 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify({ path: url.pathname, search: url.search }));
  });
});
afterAll(() => server.close());

const TOKEN = "bot12:AB/cd";
const QUOTED = "it's(x)!";

async function send(url: string, data: Record<string, unknown> = {}, vars: Record<string, string> = {}) {
  const ctx = resolvingContext("http", { method: "GET", url }, { 1: data }, { vars, secrets: { T: TOKEN, Q: QUOTED } });
  const outcome = await createHttpExecutor(memoryDeps([]))(ctx).then(
    (r) => ({ output: r.output as { status: number; body: { path: string; search: string } }, error: null }),
    (e: unknown) => ({ output: null, error: e as StepError }),
  );
  return { ...outcome, lines: ctx.lines, raw: server.requests.at(-1)?.url };
}

const masked = (v: unknown) => JSON.stringify(redactSecrets([TOKEN, QUOTED])(v));

describe("a secret in an HTTP step's URL", () => {
  it("in the path arrives as one segment and is masked in the log line and the error", async () => {
    const ok = await send(`${server.url}/{{ secrets.T }}/send`);
    expect(ok.raw).toBe("/bot12:AB%2Fcd/send");
    expect(ok.lines.join("\n")).toContain("/bot12:AB%2Fcd/send");
    expect(masked(ok.lines)).not.toMatch(/AB%2Fcd|bot12/i);
    expect(masked(ok.lines)).toContain(`/${REDACTED}/send`);

    const failed = await send(`${server.url}/{{ secrets.T }}/fail`);
    expect(failed.error).toBeInstanceOf(StepError);
    expect(failed.error?.message).toContain("/bot12:AB%2Fcd/fail");
    expect(masked(failed.error?.message)).not.toMatch(/AB%2Fcd|bot12/i);
  });

  it("in the query or the user info is masked in the form the URL carries", async () => {
    // An invalid port makes the step name the URL as built.
    const bad = await send(`http://{{ secrets.T }}@127.0.0.1:99999/x?k={{ secrets.Q }}#{{ secrets.Q }}`);
    expect(bad.error?.message).toContain("bot12%3AAB%2Fcd@");
    expect(bad.error?.message).toContain("k=it%27s(x)!#it%27s(x)!");
    expect(masked(bad.error?.message)).not.toMatch(/AB%2Fcd|bot12|it%27s/i);

    const ok = await send(`${server.url}/q?k={{ secrets.Q }}`);
    expect(ok.raw).toBe("/q?k=it%27s(x)!");
    expect(masked(ok.output)).not.toMatch(/it%27s|it's/i);
  });

  it("in the host is taken as a host name only (a % would be decoded by the URL parser)", async () => {
    const e = (await send("http://{{ 1.h }}/x", { h: "127.0.0.%31" })).error;
    expect(e?.message).toMatch(/in the URL's host, which takes only a host name or port/);
  });

  it("right after the host, as the start of the path, is masked too", async () => {
    const secret = "/v1/tok+en/fail";
    const ctx = resolvingContext("http", { method: "GET", url: `${server.url}{{ secrets.S }}` }, { 1: {} }, { vars: {}, secrets: { S: secret } });
    const error = await createHttpExecutor(memoryDeps([]))(ctx).then(() => null, (e: unknown) => e as StepError);
    expect(server.requests.at(-1)?.url).toBe("/v1/tok%2Ben/fail");
    // What the engine records: the step's log lines and error, masked.
    const text = JSON.stringify(redactSecrets([secret])([ctx.lines, error?.message ?? ""]));
    expect(text).not.toContain("tok%2Ben");
    expect(text).toContain(REDACTED);
  });

  it("quoted back in a refused response is masked in the step's error even where the excerpt cuts it", async () => {
    const secret = "TOPSECRETVALUE42";
    const at = async (url: string, headers: { name: string; value: string }[]) => {
      const ctx = resolvingContext("http", { method: "GET", url, headers }, { 1: {} }, { vars: {}, secrets: { S: secret } });
      const error = await createHttpExecutor(memoryDeps([]))(ctx).then(() => null, (e: unknown) => e as StepError);
      return String(redactSecrets([secret])(error?.message ?? ""));
    };
    // The body's 300-character excerpt ends inside the echoed secret.
    const cut = await at(`${server.url}/echo-auth?pad=264`, [{ name: "Authorization", value: "{{ secrets.S }}" }]);
    expect(cut).toContain("HTTP 403");
    expect(cut).not.toMatch(/TOPS/i);
    expect(cut).toContain(`${REDACTED}…`);
    // A Basic credential built from the URL's user info, with a username of any length.
    for (const user of ["user", "admin", "ops"]) {
      const basic = await at(`http://${user}:{{ secrets.S }}@${server.url.slice("http://".length)}/echo-auth`, []);
      expect(basic).toContain(`Basic `);
      for (const piece of basic.split("Basic ")[1].split(/["}]/)[0].split(REDACTED)) {
        expect(Buffer.from(piece, "base64").toString("latin1")).not.toMatch(/SECRET|VALUE/);
      }
    }
  });
});
