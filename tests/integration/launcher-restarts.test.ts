// `npm start` keeps a one-box service running: a web or worker child that crashes is started
// again (with backoff), and so is its embedded PostgreSQL (same data directory and port, so
// the running children reconnect by themselves). Ctrl-C still stops everything.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/lib/db/embedded-postgres";
import { alive, eventually } from "../helpers/services";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-restarts-"));
chmodSync(dataDir, 0o755);
let group: number | undefined;
afterAll(() => {
  if (group) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      /* stopped */
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

type Health = { ok: boolean; db: string; worker: { alive: boolean; lastHeartbeat: string | null } };

describe("npm start after a crash", () => {
  it("restarts a killed worker and a killed PostgreSQL, and still stops cleanly on Ctrl-C", async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), WORKER_NICE: "0", NEXT_TELEMETRY_DISABLED: "1" };
    delete env.DATABASE_URL;
    delete env.SECRET_KEY;
    const p = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: root, env, detached: true });
    group = p.pid;
    let out = "";
    p.stdout!.on("data", (c) => (out += c));
    p.stderr!.on("data", (c) => (out += c));
    const health = async () => (await (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(10_000) })).json()) as Health;
    const ready = () =>
      eventually(
        async () => {
          if (p.exitCode !== null) throw new Error(`launcher exited:\n${out}`);
          const h = await health();
          return h.db === "up" && h.worker.alive ? h : null;
        },
        60_000,
        "db up and a live worker",
      );
    await ready();

    // The worker: kill -9, as the OOM killer would. A new one starts and beats.
    const workerPid = Number(/"pid":(\d+)[^\n]*worker \S+ started/.exec(out)?.[1]);
    expect(workerPid).toBeGreaterThan(0);
    process.kill(workerPid, "SIGKILL");
    await eventually(async () => /worker exited \(SIGKILL\); restarting it in/.test(out), 10_000, "the launcher to notice");
    await eventually(async () => new RegExp(`"pid":(?!${workerPid})\\d+[^\\n]*worker \\S+ started`).test(out), 60_000, "a new worker to start");
    expect(p.exitCode).toBeNull();

    // PostgreSQL: kill -9 the postmaster. The launcher starts it again on the same port.
    const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
    const pgPid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    process.kill(pgPid, "SIGKILL");
    await eventually(async () => /embedded PostgreSQL exited \(SIGKILL\); restarting it in/.test(out), 10_000, "the launcher to notice");
    await eventually(
      async () => {
        const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").split("\n")[0]) : 0;
        return pid && pid !== pgPid && alive(pid);
      },
      60_000,
      "a new postmaster",
    );
    await ready(); // the web and the worker reconnected without a restart of their own
    expect(p.exitCode).toBeNull();

    process.kill(-p.pid!, "SIGINT");
    await new Promise((r) => (p.exitCode !== null ? r(null) : p.once("exit", r)));
    expect(p.exitCode).toBe(0);
    expect(out).toMatch(/\[start\] stopped/);
    expect(existsSync(pidFile)).toBe(false);
    group = undefined;
  }, 240_000);
});
