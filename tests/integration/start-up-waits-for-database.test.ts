// The web server and the worker started while PostgreSQL cannot be reached wait for it, saying
// so, and start once it answers, instead of exiting (under `npm start` every exit counted toward
// the crash loop that stops the whole service). Between them and the database: a TCP gate that
// drops the first connections, as a database still down does, then forwards them.
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/lib/db/embedded-postgres";
import { databaseUrl } from "@/lib/env";
import { startWeb, startWorker, type Service } from "../helpers/services";

type Gate = { url: string; dropped: () => number; open: () => void; close: () => Promise<void> };

async function startGate(): Promise<Gate> {
  const target = new URL(databaseUrl());
  const socketDir = target.searchParams.get("host"); // the embedded server is reached by its Unix socket
  let open = false;
  let dropped = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    if (!open) {
      dropped++;
      return void client.destroy();
    }
    const upstream = socketDir ? net.connect(`${socketDir}/.s.PGSQL.${target.port}`) : net.connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  url.searchParams.delete("host");
  return {
    url: url.toString(),
    dropped: () => dropped,
    open: () => void (open = true),
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

const services: Service[] = [];
const gates: Gate[] = [];
afterAll(async () => {
  await Promise.all(services.map((s) => s.stop()));
  await Promise.all(gates.map((g) => g.close()));
});

async function untilDropped(gate: Gate, n: number, starting: Promise<unknown>) {
  const deadline = Date.now() + 30_000;
  let exited: unknown = null;
  starting.catch((e) => (exited = e)); // exiting early fails the start: reported at once
  while (gate.dropped() < n) {
    if (exited) throw exited;
    if (Date.now() > deadline) throw new Error(`only ${gate.dropped()} connection attempts in 30 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("starting while the database cannot be reached", () => {
  for (const [name, start] of [
    // Tracked from its spawn: a child waiting for a database that never comes would outlive the test.
    ["the worker", (env: Record<string, string>) => startWorker(env, (svc) => services.push(svc))],
    ["the web server", (env: Record<string, string>) => startWeb(env, (svc) => services.push(svc))],
  ] as const) {
    it(`${name} waits for it, says so, and starts once it answers`, async () => {
      const gate = await startGate();
      gates.push(gate);
      const starting = start({ DATABASE_URL: gate.url });
      await untilDropped(gate, 2, starting); // it tried again instead of exiting
      gate.open();
      const svc = await starting;
      expect(svc.proc.exitCode).toBeNull();
      expect(svc.output()).toMatch(/database unavailable at start-up, trying again in 1 s/);
    }, 90_000);
  }

  it("the web server answers meanwhile: alive to a liveness probe, not ready, everything else 503", async () => {
    const gate = await startGate();
    gates.push(gate);
    let baseUrl = "";
    const starting = startWeb({ DATABASE_URL: gate.url }, (svc, url) => {
      services.push(svc);
      baseUrl = url;
    });
    await untilDropped(gate, 2, starting);
    // An orchestrator's liveness probe must not restart a replica for a database outage.
    const live = await fetch(`${baseUrl}/api/health/live`);
    expect([live.status, await live.json()]).toEqual([200, { ok: true }]);
    const ready = await fetch(`${baseUrl}/api/health/ready`);
    expect([ready.status, await ready.json()]).toEqual([503, { ok: false, db: "down", worker: { lastHeartbeat: null, alive: false }, ready: false, reason: "the web server is starting: it waits for its database to answer" }]);
    const api = await fetch(`${baseUrl}/api/v1/workspaces`);
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("5");
    expect(await api.json()).toMatchObject({ error: "temporarily_unavailable" });
    const hook = await fetch(`${baseUrl}/hooks/abcdefghijklmnopqrstuv`, { method: "POST", body: "{}" });
    expect(hook.status).toBe(503);

    gate.open();
    const svc = await starting;
    expect((await fetch(`${svc.baseUrl}/api/v1/workspaces`)).status).toBe(401);
  }, 90_000);
});
