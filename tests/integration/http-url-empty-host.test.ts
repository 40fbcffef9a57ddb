// An HTTP step whose URL's host comes from a reference, through the worker, against a local
// node:http receiver: a reference with no value fails the step at once, naming it, and sends
// nothing (`http://{{ 1.host }}/x` was sent as GET http://x/, the path's first segment taken as
// the host, and retried five times on DNS errors); a value that would bring its own path or user
// info into the host is refused too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServer } from "../helpers/local-server";
import { runHttpStep, startEngineWorker } from "./run-engine-fixtures";

startEngineWorker();
let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ path: new URL(req.url ?? "/", "http://x").pathname }));
  });
});
afterAll(async () => {
  await server?.close();
});

const requestsTo = (path: string) => server.requests.filter((r) => r.url.startsWith(path)).length;

describe("an HTTP step whose URL's host comes from a reference", () => {
  it("fails at once, naming the reference, when the reference has no value", async () => {
    const { run, step } = await runHttpStep({ url: "http://{{ 1.host }}/x" }, {});
    expect(step).toMatchObject({ status: "failed", attempts: 1, error: "the URL's host is empty: {{ 1.host }} has no value" });
    expect(run.error).toMatch(/the URL's host is empty: \{\{ 1\.host \}\} has no value/);
  }, 90_000);

  it("sends nothing where the path's first segment would have become the host", async () => {
    // Read as http:///127.0.0.1:PORT/empty-host, the URL parser made the path's first segment the host.
    const { step } = await runHttpStep({ url: `http://{{ 1.host }}/127.0.0.1:${server.port}/empty-host` }, { host: "" });
    expect(step).toMatchObject({ status: "failed", attempts: 1, error: "the URL's host is empty: {{ 1.host }} has no value" });
    expect(requestsTo("/empty-host")).toBe(0);
    // The same template with a value goes where it says.
    const ok = await runHttpStep({ url: "http://{{ 1.host }}/ok" }, { host: `127.0.0.1:${server.port}` });
    expect(ok.step).toMatchObject({ status: "succeeded", output: { status: 200, body: { path: "/ok" } } });
  }, 90_000);

  it("refuses a value that would bring its own path or user info into the host", async () => {
    for (const host of [`127.0.0.1:${server.port}/smuggled`, `user@127.0.0.1:${server.port}`]) {
      const { step } = await runHttpStep({ url: "http://{{ 1.host }}/x" }, { host });
      expect(step).toMatchObject({ status: "failed", attempts: 1 });
      expect(step.error).toBe(`{{ 1.host }} gives ${JSON.stringify(host)} in the URL's host, which takes only a host name or port`);
    }
    expect(requestsTo("/smuggled") + requestsTo("/x")).toBe(0);
  }, 90_000);
});
