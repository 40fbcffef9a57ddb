// SIGTERM to the web server while a sender streams deliveries over keep-alive connections (what
// a busy EDR or a load balancer does): each request it had sent is answered — 202 with its run,
// on a connection the answer closes — and its next one is refused at the closed port (nothing
// was sent; it goes to another replica or retries), never reset mid-request. Before, the open
// connections were served on, kept alive, until the 10 s cut reset the requests in flight then,
// and closing the idle ones at the stop reset those their senders were just writing. A delivery
// still unanswered at the cut (its batch waiting on a locked table) gets 503, not a reset.
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createHook, type Hook } from "./intake-fixtures";
import { eventually, startWeb, type WebService } from "../helpers/services";

let web: WebService;
let hook: Hook;

beforeAll(async () => {
  hook = await createHook();
  web = await startWeb();
});

afterAll(async () => {
  await web?.stop();
});

type Outcome = { id: string; status?: number; body?: string; error?: string };

function post(agent: http.Agent | undefined, id: string, port = web.port): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ id });
    const failed = (e: NodeJS.ErrnoException) => resolve({ id, error: e.code ?? e.message });
    const req = http.request(
      { host: "127.0.0.1", port, path: `/hooks/${hook.token}`, method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve({ id, status: res.statusCode, body: text }));
        res.on("error", failed);
      },
    );
    req.on("error", failed);
    req.end(body);
  });
}

describe("stopping the web server under a stream of deliveries", () => {
  it("answers every request it was sent, each 202 with its run, and then refuses new connections", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const outcomes: Outcome[] = [];
    const exited = new Promise<number | null>((resolve) => web.proc.once("exit", (code) => resolve(code)));
    let sent = 0;
    let gaveUp = false;
    const stopAt = 200;
    // Each of 16 connections sends one delivery after another until the port refuses it.
    const sender = async () => {
      for (;;) {
        const id = `d${sent++}`;
        if (sent === stopAt) web.proc.kill("SIGTERM");
        const outcome = await post(agent, id);
        outcomes.push(outcome);
        if (outcome.error === "ECONNREFUSED") return;
        if (sent > 100_000) return void (gaveUp = true); // a server that never stops: the test fails below, not by timeout
      }
    };
    await Promise.all(Array.from({ length: 16 }, sender));
    agent.destroy();
    expect(gaveUp).toBe(false);
    expect(await exited).toBe(0);

    const failures = outcomes.filter((o) => o.error !== undefined && o.error !== "ECONNREFUSED");
    expect(failures, "requests reset or cut off instead of answered").toEqual([]);
    expect(outcomes.filter((o) => o.status !== undefined && o.status !== 202)).toEqual([]);
    const accepted = outcomes.filter((o) => o.status === 202).map((o) => o.id);
    expect(accepted.length).toBeGreaterThanOrEqual(stopAt - 16);

    const runs = await db().run.findMany({ where: { workflowId: hook.workflowId }, select: { trigger: true } });
    const ran = runs.map((r) => (r.trigger as { id: string }).id);
    expect(ran.sort()).toEqual(accepted.sort());
    expect(web.output()).toMatch(/"msg":"web stopping \(SIGTERM\)"/); // the log says why it went
  });

  it("answers a delivery still waiting on a locked table at the 10 s cut with 503, not a reset", async () => {
    const other = await startWeb();
    const exited = new Promise<number | null>((resolve) => other.proc.once("exit", (code) => resolve(code)));
    const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
    try {
      await locker.query("BEGIN");
      await locker.query('LOCK TABLE "Run" IN ACCESS EXCLUSIVE MODE');
      const pending = ["w1", "w2", "w3"].map((id) => post(undefined, id, other.port));
      await eventually(
        async () => {
          const [{ n }] = await db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'msp-flow-intake' AND wait_event_type = 'Lock'`;
          return n > 0;
        },
        10_000,
        "the intake's batch to wait on the lock",
      );
      other.proc.kill("SIGTERM");
      const outcomes = await Promise.all(pending);
      for (const o of outcomes) {
        expect(o.status, JSON.stringify(o)).toBe(503);
        expect(JSON.parse(o.body!)).toMatchObject({ error: "temporarily_unavailable" });
      }
      expect(await exited).toBe(0);
      expect(other.output()).toMatch(/"msg":"web stopping: [1-3] requests still unanswered after 10 s were answered 503"/);
    } finally {
      await locker.query("ROLLBACK");
      await locker.end();
      await other.stop();
    }
  });
});
