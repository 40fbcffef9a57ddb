// Continue on error does not switch retries off: through the real server and worker against a
// node:http receiver, an HTTP Request with it is tried again on a 503, a 429 or a network error,
// as without it, and passes on only the final answer. It used to pass on the first 503 (or a
// refused connection's status 0) after one attempt, the receiver's next answer never asked for.
// A non-retryable 4xx is still passed on at once. The engine's backoff (2 s, 4 s, 8 s, 16 s) is
// not configurable, so the five-attempt cases run side by side: ~30 s in all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { startLocalServer } from "../helpers/local-server";
import { testHttpWorkflow } from "../helpers/test-http-workflow";

const { t, api } = startTestServer({ worker: true });

const attempts = new Map<string, number>();
let server: Awaited<ReturnType<typeof startLocalServer>>;
let goneUrl: string;
beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const n = (attempts.get(path) ?? 0) + 1;
    attempts.set(path, n);
    const answer = (status: number, body: Json, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify({ ...body, attempt: n }));
    };
    if (path === "/busy-then-ok") return n === 1 ? answer(503, { busy: true }) : answer(200, { ok: true });
    if (path === "/busy") return answer(503, { busy: true });
    if (path === "/limited-then-ok") return n === 1 ? answer(429, { limited: true }, { "retry-after": "1" }) : answer(200, { ok: true });
    return answer(404, { error: "no such ticket" });
  });
  // A port nothing listens on: every attempt's connection is refused.
  const gone = await startLocalServer(() => undefined);
  goneUrl = gone.url;
  await gone.close();
});
afterAll(async () => {
  await server?.close();
});

const runContinuing = (url: string) =>
  testHttpWorkflow(api, t.providerA.id, `continue on error ${url}`, { kind: "http", name: "Fetch ticket", config: { method: "GET", url, continueOnError: true } }, 100_000);

describe("an HTTP Request with Continue on error", () => {
  it("retries a 503, a 429 and a network error as without it, passing on the final answer; a 404 at once", async () => {
    const [busyThenOk, busy, limitedThenOk, missing, gone] = await Promise.all([
      runContinuing(`${server.url}/busy-then-ok`),
      runContinuing(`${server.url}/busy`),
      runContinuing(`${server.url}/limited-then-ok`),
      runContinuing(`${server.url}/tickets/7`),
      runContinuing(`${goneUrl}/tickets/7`),
    ]);
    for (const r of [busyThenOk, busy, limitedThenOk, missing, gone]) {
      expect(r.run.status, JSON.stringify(r.step)).toBe("succeeded");
      expect(r.step).toMatchObject({ status: "succeeded", error: null });
    }

    // A 503 then a 200: the 200 is passed on, after the second attempt.
    expect(attempts.get("/busy-then-ok")).toBe(2);
    expect(busyThenOk.step).toMatchObject({ attempts: 2, output: { status: 200, body: { ok: true, attempt: 2 } } });

    // A 503 every time: five attempts, the fifth 503 passed on.
    expect(attempts.get("/busy")).toBe(5);
    expect(busy.step).toMatchObject({ attempts: 5, output: { status: 503, body: { busy: true, attempt: 5 } } });
    expect(busy.step.logs).toContainEqual(expect.stringMatching(/^attempt 4 of 5 failed at \S+: HTTP 503 from GET \S+\/busy: .* \(next attempt at \S+\)$/));
    expect(busy.step.logs.at(-1)).toBe("continuing after HTTP 503 (attempt 5 of 5, the last)");

    // A 429 with Retry-After: tried again, the 200 passed on.
    expect(attempts.get("/limited-then-ok")).toBe(2);
    expect(limitedThenOk.step).toMatchObject({ attempts: 2, output: { status: 200, body: { ok: true, attempt: 2 } } });

    // A 404 is not retried: passed on at once.
    expect(attempts.get("/tickets/7")).toBe(1);
    expect(missing.step).toMatchObject({ attempts: 1, output: { status: 404, body: { error: "no such ticket", attempt: 1 } } });

    // No answer at all, five times: status 0 and the error passed on.
    expect(gone.step).toMatchObject({ attempts: 5, output: { status: 0, headers: {}, body: null, error: `GET ${goneUrl}/tickets/7: connection error (ECONNREFUSED)` } });
  }, 150_000);
});
