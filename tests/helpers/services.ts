// Starts the real production web server (server.ts: Next + the fast /hooks path) and/or the
// worker as child processes against this test file's database, and stops them after.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "@/lib/db/embedded-postgres";

const root = path.resolve(import.meta.dirname, "../..");

export type Service = { proc: ChildProcess; output: () => string; stop: () => Promise<void> };
export type WebService = Service & { port: number; baseUrl: string };

function startProcess(file: string, extraEnv: Record<string, string>): Service {
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(root, file)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (c: Buffer) => {
    out = (out + c.toString()).slice(-20_000);
  };
  proc.stdout!.on("data", keep);
  proc.stderr!.on("data", keep);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once("exit", () => resolve());
      proc.kill("SIGTERM");
      // The worker's own orderly stop may take 10 s and more (pg-boss's graceful stop, then the
      // runs): killed at 10 s on a loaded CI machine, a worker had not yet said it was stopping.
      setTimeout(() => proc.kill("SIGKILL"), 30_000).unref();
    });
  return { proc, output: () => out, stop };
}

async function waitFor(check: () => Promise<boolean>, svc: Service, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (svc.proc.exitCode !== null) throw new Error(`${what} exited early:\n${svc.output()}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  svc.proc.kill("SIGKILL"); // not left running (waiting for a database, say) after the test
  throw new Error(`${what} not ready after ${timeoutMs} ms:\n${svc.output()}`);
}

/** The production web server on a free port. onSpawn: the process before it is ready (to stop it
 *  whatever happens), and where it will listen. */
export async function startWeb(extraEnv: Record<string, string> = {}, onSpawn?: (svc: Service, baseUrl: string) => void): Promise<WebService> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const svc = startProcess("server.ts", { PORT: String(port), PUBLIC_URL: baseUrl, ...extraEnv });
  onSpawn?.(svc, baseUrl);
  await waitFor(async () => (await fetch(`${baseUrl}/api/health`)).status < 500, svc, "web server");
  return { ...svc, port, baseUrl };
}

/** A worker process; resolves once its heartbeat row exists. At the test runner's priority unless
 *  asked (WORKER_NICE): the tests' many processes share two cores at nice 0, and a worker that
 *  yields to all of them would time the scheduler, not the code (worker-priority.test.ts checks
 *  the default). */
export async function startWorker(extraEnv: Record<string, string> = {}, onSpawn?: (svc: Service) => void): Promise<Service> {
  const svc = startProcess("worker/index.ts", { WORKER_NICE: "0", ...extraEnv });
  onSpawn?.(svc);
  await waitFor(async () => /worker .* started/.test(svc.output()), svc, "worker");
  return svc;
}

/** Polls until `fn` returns a truthy value or the deadline passes. */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 15_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether a process of this id exists (signal 0 delivers nothing, it only checks). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Alive and not a zombie: a process orphaned by a killed parent is reaped by PID 1, which in
 *  some containers never happens, and a zombie still answers signal 0. */
export const running = (pid: number) => {
  if (!alive(pid)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false; // gone meanwhile
  }
};

/** Every live process below `pid` (from /proc: the 4th field of stat is the parent's pid). */
export function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* exited meanwhile */
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf) {
      if (parent !== p) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}
