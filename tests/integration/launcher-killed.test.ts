// `npm start`'s launcher killed outright (kill -9, the OOM killer, a process manager that kills
// only the main PID): its web server, worker and the worker's sandbox children stop on their
// own, gracefully, instead of running on unsupervised and holding the port; the embedded
// PostgreSQL stays, and the next `npm start` reuses it and serves. And a launcher that stops
// leaves a PostgreSQL it shares with another `npm start` running for that one.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/lib/db/embedded-postgres";
import { descendants, eventually, running } from "../helpers/services";

const root = path.resolve(import.meta.dirname, "../..");
const dataDirs: string[] = [];
const leftovers: number[] = [];
afterAll(() => {
  // Whatever a failed case left behind: launchers' groups, and orphans of a killed launcher.
  for (const pid of leftovers) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, "SIGKILL");
      } catch {
        /* gone */
      }
    }
  }
  for (const dir of dataDirs) {
    const pg = postmaster(dir);
    if (pg && running(pg)) process.kill(pg, "SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});

function newDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mspflow-killed-"));
  chmodSync(dir, 0o755);
  dataDirs.push(dir);
  return dir;
}

function postmaster(dataDir: string): number | null {
  const file = path.join(dataDir, "postgres", "postmaster.pid");
  return existsSync(file) ? Number(readFileSync(file, "utf8").split("\n")[0]) : null;
}

type Launcher = { proc: ChildProcess; output: () => string; port: number };

/** `npm start`'s launcher (what the script execs), in a process group of its own; resolves once it serves with a live worker. */
async function startLauncher(dataDir: string, port: number): Promise<Launcher> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), WORKER_NICE: "0", NEXT_TELEMETRY_DISABLED: "1" };
  delete env.DATABASE_URL;
  delete env.SECRET_KEY;
  const proc = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: root, env, detached: true });
  leftovers.push(proc.pid!);
  let out = "";
  proc.stdout!.on("data", (c) => (out += c));
  proc.stderr!.on("data", (c) => (out += c));
  await eventually(
    async () => {
      if (proc.exitCode !== null) throw new Error(`launcher exited:\n${out}`);
      const h = (await (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(10_000) })).json()) as { ok?: boolean; worker?: { alive?: boolean } };
      return h.ok && h.worker?.alive;
    },
    90_000,
    "the launcher to serve with a live worker",
  );
  return { proc, output: () => out, port };
}

async function stopLauncher(l: Launcher): Promise<void> {
  process.kill(-l.proc.pid!, "SIGINT"); // Ctrl-C
  await new Promise((r) => (l.proc.exitCode !== null ? r(null) : l.proc.once("exit", r)));
  expect(l.proc.exitCode).toBe(0);
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
};

describe("npm start's launcher killed", () => {
  it("its web, worker and sandbox children stop on their own, and the next start reuses the database and serves", async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const first = await startLauncher(dataDir, port);
    const pg = postmaster(dataDir)!;
    const mine = descendants(first.proc.pid!);
    const web = mine.find((p) => commandOf(p).includes("server.ts"))!;
    const worker = mine.find((p) => commandOf(p).includes("worker/index.ts"))!;
    expect(web).toBeGreaterThan(0);
    expect(worker).toBeGreaterThan(0);
    const sandboxes = descendants(worker).filter((p) => commandOf(p).includes("sandbox-child"));
    expect(sandboxes.length).toBeGreaterThan(0); // warmed at the worker's start
    leftovers.push(web, worker, ...sandboxes);

    process.kill(first.proc.pid!, "SIGKILL");
    const app = [web, worker, ...sandboxes];
    await eventually(async () => app.every((p) => !running(p)), 20_000, "the killed launcher's web, worker and sandbox children to exit").catch((e) => {
      const left = app.filter(running).map((p) => `${p} ${commandOf(p)}`);
      throw new Error(`${(e as Error).message}; still running:\n${left.join("\n")}\n${first.output().slice(-3000)}`);
    });
    // Gracefully, as on the launcher's own SIGTERM, not cut off.
    expect(first.output()).toMatch(/"component":"web"[^\n]*"msg":"the npm start launcher is gone; stopping as on SIGTERM"/);
    expect(first.output()).toMatch(/"component":"worker"[^\n]*the npm start launcher is gone/);
    expect(first.output()).toMatch(/worker stopping \(SIGTERM\)/);
    // The database stays, for the next start.
    expect(running(pg)).toBe(true);

    // The same command again, on the same port: it reuses that PostgreSQL and serves.
    const second = await startLauncher(dataDir, port);
    expect(second.output()).toMatch(/reusing the PostgreSQL already running on port/);
    expect(second.output()).not.toMatch(/EADDRINUSE|exited \(/);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await stopLauncher(second);
    expect(second.output()).toMatch(/\[start\] stopped/);
    await eventually(async () => !running(pg), 30_000, "the reused PostgreSQL to stop with the launcher that reused it");
  }, 300_000);

  it("a launcher that stops leaves the PostgreSQL it shares with another npm start running", async () => {
    const dataDir = newDataDir();
    const first = await startLauncher(dataDir, await freePort());
    const pg = postmaster(dataDir)!;
    const second = await startLauncher(dataDir, await freePort());
    expect(second.output()).toMatch(/reusing the PostgreSQL already running on port/);

    await stopLauncher(second);
    expect(second.output()).toMatch(/leaving the embedded PostgreSQL running: other web or worker processes still use it \(sessions: .*msp-flow-web/);
    expect(running(pg)).toBe(true);
    const h = (await (await fetch(`http://127.0.0.1:${first.port}/api/health`)).json()) as { ok: boolean; db: string };
    expect(h).toMatchObject({ ok: true, db: "up" });
    expect(first.output()).not.toMatch(/embedded PostgreSQL exited/);

    // The last one stops it.
    await stopLauncher(first);
    expect(first.output()).not.toMatch(/leaving the embedded PostgreSQL running/);
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
    expect(running(pg)).toBe(false);
  }, 300_000);
});
