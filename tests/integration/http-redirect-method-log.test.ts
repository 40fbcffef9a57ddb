// An HTTP step's POST redirected to a GET (303, or 302 to a POST), through the worker, against
// a local node:http receiver: the step's log has a line per request as sent and the error names
// the GET actually sent to the final URL (both said POST with the final URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServer } from "../helpers/local-server";
import { runHttpStep, startEngineWorker } from "./run-engine-fixtures";

startEngineWorker();
let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const to = url.searchParams.get("to");
    if (url.pathname === "/redirect" && to) {
      res.writeHead(Number(url.searchParams.get("c")), { location: to });
      return res.end();
    }
    res.writeHead(url.pathname === "/missing" ? 404 : 200, { "content-type": "application/json" });
    res.end(url.pathname === "/missing" ? '{"error":"no such thing"}' : JSON.stringify({ method: req.method, path: url.pathname }));
  });
});
afterAll(async () => {
  await server?.close();
});

describe("an HTTP step's POST redirected to a GET", () => {
  const to = (path: string) => encodeURIComponent(`${server.url}${path}`);

  it("logs each request with the method actually sent", async () => {
    for (const code of [303, 302]) {
      const { step } = await runHttpStep({ method: "POST", url: `${server.url}/redirect?c=${code}&to=${to(`/landed-${code}`)}`, body: { type: "json", json: { keep: 1 } } });
      expect(step).toMatchObject({ status: "succeeded", output: { status: 200, body: { method: "GET", path: `/landed-${code}` } } });
      expect(step.logs).toHaveLength(4);
      expect(step.logs[0]).toBe(`POST ${server.url}/redirect → ${code} redirect, followed with GET`);
      expect(step.logs[1]).toMatch(new RegExp(`^GET ${server.url}/landed-${code} → 200 \\(\\d+ bytes, \\d+ ms\\)$`));
      // What was sent: the body went with the POST, not with the GET the redirect made of it.
      expect(step.logs[2]).toMatch(/^request headers: /);
      expect(step.logs[3]).toBe('request body (10 bytes, sent with the POST before the redirect, not with the GET): {"keep":1}');
    }
  }, 90_000);

  it("keeps the POST where a 307 keeps it", async () => {
    const { step } = await runHttpStep({ method: "POST", url: `${server.url}/redirect?c=307&to=${to("/kept")}`, body: { type: "json", json: { keep: 1 } } });
    expect(step).toMatchObject({ status: "succeeded", output: { status: 200, body: { method: "POST", path: "/kept" } } });
    expect(step.logs[0]).toBe(`POST ${server.url}/redirect → 307 redirect`);
    expect(step.logs[1]).toMatch(new RegExp(`^POST ${server.url}/kept → 200 `));
  }, 90_000);

  it("names the GET in the error, and where it came from", async () => {
    const { step } = await runHttpStep({ method: "POST", url: `${server.url}/redirect?c=303&to=${to("/missing")}`, body: { type: "json", json: { keep: 1 } } });
    expect(step).toMatchObject({ status: "failed", attempts: 1 });
    expect(step.error).toBe(`HTTP 404 from GET ${server.url}/missing (after a redirect from POST ${server.url}/redirect): {"error":"no such thing"}`);
  }, 90_000);
});
