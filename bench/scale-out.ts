// npm run bench:scale-out [-- --deliveries 5000] — two web processes (server.ts on two ports) and
// two worker processes against one PostgreSQL. Spreads the deliveries over both web ports, then
// checks: exactly one run per 202, each step executed once (an HTTP step counted by a local
// endpoint, and its attempts), and each scheduled firing (a "* * * * *" Scheduler workflow)
// run once. Prints figures and PASS/FAIL per check; exits 1 when a check fails.
import { randomBytes, randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import { ensureBuild } from "@/scripts/ensure-build";
import { percentile, sendDeliveries, startHitCounter } from "@/bench/scale-out-load";
import * as setup from "@/bench/ingest-setup";

const CONCURRENCY = 64;
const log = (l: string) => console.log(`[scale-out] ${l}`);
const argNumber = (name: string, def: number) => {
  const a = process.argv.slice(2);
  const i = a.indexOf(`--${name}`);
  const n = Number(i >= 0 ? a[i + 1] : def);
  if (!Number.isInteger(n) || n < 1) throw new Error(`bad --${name}`);
  return n;
};

async function poll<T>(what: string, timeoutMs: number, fn: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== null) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main() {
  const total = argNumber("deliveries", 5_000);
  const secretKey = randomBytes(32).toString("hex");
  process.env.SECRET_KEY = secretKey; // before lib/env is first read
  await ensureBuild(setup.root, log);
  const database = await setup.benchDatabase(env().DATABASE_URL, log);
  const childEnv = { ...setup.benchEnv(database.url, secretKey), HTTP_ALLOWED_PRIVATE_RANGES: "127.0.0.0/8", WORKER_CONCURRENCY: "8" };
  const db = setup.createDb(database.url, 4);
  const counter = await startHitCounter();
  const stops: (() => Promise<void>)[] = [counter.close];
  const checks: [string, boolean, string][] = [];
  try {
    const ws = await db.workspace.create({ data: { name: "scale-out", kind: "provider" } });
    const hookStep = randomUUID();
    const wf = await db.workflow.create({
      data: {
        workspaceId: ws.id, name: "scale-out webhook", mode: "live",
        steps: [
          { id: hookStep, kind: "webhook", name: "Webhook", config: {} },
          { id: randomUUID(), kind: "http", name: "Count", config: { method: "GET", url: `${counter.url}/hit?k={{ 1.k }}` } },
          { id: randomUUID(), kind: "transform", name: "Echo", config: { fields: [{ name: "k", expression: "{{ 2.body.k }}" }] } },
        ],
      },
    });
    const token = `so_${randomBytes(24).toString("hex")}`;
    await db.webhookEndpoint.create({ data: { workflowId: wf.id, stepId: hookStep, token } });
    // Live before the workers start: each worker's reconcile registers the same schedule.
    const sched = await db.workflow.create({
      data: {
        workspaceId: ws.id, name: "scale-out scheduler", mode: "live",
        steps: [
          { id: randomUUID(), kind: "scheduler", name: "Every minute", config: { cron: "* * * * *", timezone: "UTC" } },
          { id: randomUUID(), kind: "transform", name: "When", config: { fields: [{ name: "when", expression: "{{ 1.scheduledFor }}" }] } },
        ],
      },
    });

    const webs = await Promise.all([setup.startWebServer(childEnv), setup.startWebServer(childEnv)]);
    const workers = await Promise.all([setup.startWorkerProcess(childEnv), setup.startWorkerProcess(childEnv)]);
    stops.push(...webs.map((w) => w.stop), ...workers.map((w) => w.stop));
    log(`2 web (${webs.map((w) => w.baseUrl).join(", ")}), 2 workers; sending ${total} deliveries, ${CONCURRENCY} in flight`);

    const sent = await sendDeliveries({ baseUrls: webs.map((w) => w.baseUrl), token, total, concurrency: CONCURRENCY });
    const accepted = sent.acceptedKeys.size;
    log(`sent in ${(sent.ms / 1000).toFixed(1)} s: ${Math.round((total / sent.ms) * 1000)} deliveries/s; p50 ${percentile(sent.latencies, 50).toFixed(1)} ms, p99 ${percentile(sent.latencies, 99).toFixed(1)} ms; statuses ${JSON.stringify(Object.fromEntries(sent.byStatus))}`);

    const drainStart = Date.now();
    await poll("every run to finish", 300_000, async () => {
      const open = await db.run.count({ where: { workflowId: wf.id, status: { in: ["queued", "running", "waiting"] } } });
      return open === 0 ? true : null;
    });
    log(`all runs finished ${((Date.now() - drainStart) / 1000).toFixed(1)} s after the last delivery`);

    const runs = await db.run.findMany({ where: { workflowId: wf.id }, select: { status: true, trigger: true, steps: { select: { number: true, status: true, attempts: true } } } });
    const keys = runs.map((r) => (r.trigger as { body?: { k?: number }; k?: number } | null)).map((t) => t?.body?.k ?? t?.k);
    const distinct = new Set(keys);
    checks.push([`exactly ${total} runs`, runs.length === total && accepted === total, `${runs.length} runs, ${accepted} 202s, ${distinct.size} distinct deliveries`]);
    checks.push(["one run per accepted delivery", distinct.size === runs.length && [...sent.acceptedKeys].every((k) => distinct.has(k)), `${runs.length - distinct.size} duplicates`]);
    const failed = runs.filter((r) => r.status !== "succeeded" || r.steps.length !== 3 || r.steps.some((s) => s.status !== "succeeded"));
    checks.push(["every run succeeded with its 3 steps", failed.length === 0, `${failed.length} not`]);
    const hitCounts = [...counter.hits.values()];
    const multi = hitCounts.filter((n) => n !== 1).length;
    const reattempted = runs.filter((r) => r.steps.some((s) => s.attempts !== 1)).length;
    checks.push(["each step executed once", counter.hits.size === runs.length && multi === 0 && reattempted === 0, `${counter.hits.size} HTTP keys hit, ${multi} hit more than once, ${reattempted} runs with a step attempted ≠ 1 time`]);

    // Scheduler: wait for two firings, then check each minute ran once across both workers.
    const firings = await poll("two scheduled firings", 150_000, async () => {
      const rows = await db.run.findMany({ where: { workflowId: sched.id }, select: { trigger: true } });
      return rows.length >= 2 ? rows.map((r) => (r.trigger as { scheduledFor: string }).scheduledFor) : null;
    });
    const uniqueFirings = new Set(firings).size;
    checks.push(["each scheduled firing once", uniqueFirings === firings.length, `${firings.length} runs for ${uniqueFirings} minutes`]);
  } finally {
    await Promise.all(stops.map((s) => s().catch(() => {})));
    await db.$disconnect();
    await database.cleanup();
  }
  for (const [name, ok, detail] of checks) console.log(`${ok ? "PASS" : "FAIL"}  ${name} (${detail})`);
  process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
}

main().catch((e) => {
  console.error(`[scale-out] ${e instanceof Error ? e.stack : e}`);
  process.exit(1);
});
