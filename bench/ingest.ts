// npm run bench:ingest [-- --duration <seconds>] [-- --no-worker] — throughput of POST /hooks/<token> on the
// production server (custom server fast path, group commit) with a worker running, against a
// bare node:http server answering 202 on the same machine. Prints figures, not pass/fail.
// The worker executes the runs as they are enqueued, on the same cores; --no-worker leaves
// them queued, to see the intake alone.
// Targets (issue 3): ≥ 5,000 deliveries/s, p99 ≤ 50 ms at 64 connections, ratio ≥ 0.2.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { env } from "@/lib/env";
import { ensureBuild } from "@/scripts/ensure-build";
import { cpuPerDelivery, postgresPids, procAvailable, sampleCpu, type CpuGroups } from "@/bench/ingest-cpu";
import { runPhase, type Phase } from "@/bench/ingest-load";
import * as setup from "@/bench/ingest-setup";

const CONNECTIONS = 64;
const SECRET = "bench-shared-secret";
const log = (l: string) => console.log(`[bench] ${l}`);

function durationArg(): number {
  const a = process.argv.slice(2);
  const i = a.findIndex((x) => x === "--duration" || x === "-d");
  const raw = i >= 0 ? a[i + 1] : (a.find((x) => x.startsWith("--duration="))?.split("=")[1] ?? a.find((x) => /^\d+$/.test(x)));
  const n = Number(raw ?? 20);
  if (!Number.isFinite(n) || n < 1) throw new Error(`bad duration: ${raw}`);
  return n;
}

async function main() {
  const seconds = durationArg();
  const withWorker = !process.argv.includes("--no-worker");
  const secretKey = randomBytes(32).toString("hex");
  // Before lib/env is first read, so fixtures encrypt with the key the server decrypts with.
  process.env.SECRET_KEY = secretKey;
  await ensureBuild(setup.root, log);
  const database = await setup.benchDatabase(env().DATABASE_URL, log);
  const childEnv = setup.benchEnv(database.url, secretKey);
  const db = setup.createDb(database.url, 2);
  const stops: (() => Promise<void>)[] = [];
  try {
    const web = await setup.startWebServer(childEnv);
    stops.push(web.stop);
    let workerPid: number | undefined;
    if (withWorker) {
      const worker = await setup.startWorkerProcess(childEnv);
      stops.push(worker.stop);
      workerPid = worker.proc.pid;
    }
    const bare = await setup.startBareServer();
    stops.push(bare.stop);
    const hooks = {
      warm: await setup.createBenchHook(db, "warm-up"),
      unsigned: await setup.createBenchHook(db, "unsigned"),
      signed: await setup.createBenchHook(db, "signed", SECRET),
    };
    log(`${os.cpus().length} CPUs; ${CONNECTIONS} connections; ${seconds} s per phase; 1 KB JSON bodies; worker ${withWorker ? `executing runs at nice ${env().WORKER_NICE} (WORKER_NICE)` : "not started"}`);

    const phases: { phase: Phase; workflowId?: string; cpu: Record<string, number>; executed?: number }[] = [];
    const phase = async (name: string, url: string, server: number, workflowId?: string, secret?: string) => {
      log(`${name}…`);
      const groups: CpuGroups = {
        server: () => [server],
        postgres: postgresPids(database.dataDir),
        ...(workflowId && workerPid ? { worker: () => [workerPid] } : {}),
        autocannon: () => [process.pid],
      };
      const before = sampleCpu(groups);
      const p = await runPhase({ name, url, seconds, connections: CONNECTIONS, secret, signatureHeader: "x-hub-signature-256" });
      const cpu = cpuPerDelivery(before, sampleCpu(groups), p.accepted);
      // How far execution kept up: the runs the worker had finished when the load stopped.
      const executed = workflowId && workerPid ? await db.run.count({ where: { workflowId, status: { in: ["succeeded", "failed", "stopped"] } } }) : undefined;
      phases.push({ phase: p, workflowId, cpu, executed });
    };
    await runPhase({ name: "warm-up", url: `${web.baseUrl}/hooks/${hooks.warm.token}`, seconds: Math.min(3, seconds), connections: CONNECTIONS });
    await phase("bare node:http 202", bare.baseUrl, bare.proc.pid!);
    await phase("/hooks unsigned", `${web.baseUrl}/hooks/${hooks.unsigned.token}`, web.proc.pid!, hooks.unsigned.workflowId);
    await phase("/hooks signed (HMAC)", `${web.baseUrl}/hooks/${hooks.signed.token}`, web.proc.pid!, hooks.signed.workflowId, SECRET);

    const bareRate = phases[0].phase.reqPerSec;
    const rows: string[] = [];
    let allBacked = true;
    const cpuRows: string[] = [];
    for (const { phase: p, workflowId, cpu, executed } of phases) {
      let check = "";
      if (workflowId) {
        const seqs = await settledSeqs(db, workflowId);
        const missing = [...p.acceptedSeqs].filter((s) => !seqs.has(s)).length;
        const extra = seqs.size - p.acceptedSeqs.size;
        allBacked &&= missing === 0 && p.acceptedSeqs.size === p.accepted;
        check = `runs ${seqs.size} vs 202s ${p.accepted}: ${missing === 0 ? "every 202 has its run" : `${missing} 202s WITHOUT a run`}` +
          (extra > 0 ? `; ${extra} runs committed for requests still in flight when the load stopped` : extra === 0 ? "; equal" : "") +
          (executed === undefined ? "" : `; ${executed.toLocaleString("en-US")} executed by the phase's end (${Math.round((100 * executed) / Math.max(1, p.accepted))} %)`);
      }
      const others = Object.entries(p.other).map(([c, n]) => `${c}×${n}`).join(" ") || "-";
      rows.push(
        `${p.name.padEnd(22)} ${fmt(p.acceptedPerSec, 8)} /s  p50 ${fmt(p.p50, 4)} ms  p99 ${fmt(p.p99, 4)} ms  ` +
          `ratio ${(p.reqPerSec / bareRate).toFixed(3)}  non-202 ${others}  errors ${p.errors}  ${check}`,
      );
      const total = Object.values(cpu).reduce((a, b) => a + b, 0);
      cpuRows.push(
        `${p.name.padEnd(22)} ${Object.entries(cpu).map(([k, v]) => `${k} ${Math.round(v)} µs`).join(" · ")}` +
          ` → ≈ ${fmt((os.cpus().length * 1e6) / total, 0)}/s if these cores were idle`,
      );
    }
    console.log("\nIngest benchmark (accepted deliveries/s = 202s per second; the bare server answers 202 without storing)");
    for (const r of rows) console.log(`  ${r}`);
    if (procAvailable()) {
      console.log("\nCPU time per delivery (all processes of each part, from /proc):");
      for (const r of cpuRows) console.log(`  ${r}`);
    }
    const hookPhases = phases.slice(1).map((x) => x.phase);
    const worst = { rate: Math.min(...hookPhases.map((p) => p.acceptedPerSec)), p99: Math.max(...hookPhases.map((p) => p.p99)) };
    console.log(
      `\nTargets: ≥ 5,000/s ${worst.rate >= 5000 ? "met" : "MISSED"} (lowest ${Math.round(worst.rate)}/s); ` +
        `p99 ≤ 50 ms ${worst.p99 <= 50 ? "met" : "MISSED"} (highest ${worst.p99} ms); ` +
        `ratio ≥ 0.2 ${worst.rate / bareRate >= 0.2 ? "met" : "MISSED"} (lowest ${(worst.rate / bareRate).toFixed(3)}); every 202 backed by a committed run: ${allBacked ? "yes" : "NO"}`,
    );
    console.log(`(${os.cpus().length} cores shared by autocannon, PostgreSQL, the web server${withWorker ? " and the worker executing the runs" : ""})`);
  } finally {
    await Promise.allSettled(stops.reverse().map((s) => s()));
    await db.$disconnect();
    await database.cleanup();
  }
}

/** The `seq` of every run of the workflow, once the count has stopped growing. */
async function settledSeqs(db: ReturnType<typeof setup.createDb>, workflowId: string): Promise<Set<number>> {
  let last = -1;
  for (;;) {
    const n = await db.run.count({ where: { workflowId } });
    if (n === last) break;
    last = n;
    await new Promise((r) => setTimeout(r, 500));
  }
  const rows = await db.$queryRawUnsafe<{ seq: number }[]>(`SELECT (trigger->>'seq')::int AS seq FROM "Run" WHERE "workflowId" = $1`, workflowId);
  return new Set(rows.map((r) => r.seq));
}

const fmt = (n: number, w: number) => (n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(1)).padStart(w);

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`bench failed: ${e instanceof Error ? e.stack : e}`);
    process.exit(1);
  },
);
