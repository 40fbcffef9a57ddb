// Two `npm start`s on one DATA_DIR and one PORT: the second one's web server hit EADDRINUSE again
// and again until the crash-loop rule stopped it (and it could stop the shared PostgreSQL). It now
// refuses at once, saying who runs there, and touches nothing of the first; a lock left by a
// launcher that was SIGKILLed is taken over; a launcher that stops removes its lock.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/lib/db/embedded-postgres";
import { lockFileName } from "@/scripts/launcher-lock";
import { eventually, running } from "../helpers/services";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-lock-"));
chmodSync(dataDir, 0o755);
const groups: number[] = [];
const postmaster = () => {
  const file = path.join(dataDir, "postgres", "postmaster.pid");
  return existsSync(file) ? Number(readFileSync(file, "utf8").split("\n")[0]) : null;
};
afterAll(() => {
  for (const pid of groups) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
  const pg = postmaster();
  if (pg && running(pg)) process.kill(pg, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start`'s launcher (what the script execs), in a process group of its own. */
function launch(port: number): { proc: ChildProcess; output: () => string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), WORKER_NICE: "0", NEXT_TELEMETRY_DISABLED: "1" };
  delete env.DATABASE_URL;
  delete env.SECRET_KEY;
  const proc = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: root, env, detached: true });
  groups.push(proc.pid!);
  let out = "";
  proc.stdout!.on("data", (c) => (out += c));
  proc.stderr!.on("data", (c) => (out += c));
  return { proc, output: () => out };
}

const exited = (proc: ChildProcess) => new Promise<number | null>((r) => (proc.exitCode !== null ? r(proc.exitCode) : proc.once("exit", (code) => r(code))));

describe("npm start on a DATA_DIR and PORT another npm start runs on", () => {
  it("refuses at once, naming the running one, and leaves it serving; a stale lock is taken over", async () => {
    const port = await freePort();
    const lock = path.join(dataDir, lockFileName(port));
    // A launcher SIGKILLed earlier left its lock: its pid is gone now.
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(lock, `${dead}\n${process.execPath} --import tsx scripts/start.ts\n`);

    const first = launch(port);
    await eventually(
      async () => {
        if (first.proc.exitCode !== null) throw new Error(`launcher exited:\n${first.output()}`);
        const h = (await (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(10_000) })).json()) as { ok?: boolean; worker?: { alive?: boolean } };
        return h.ok && h.worker?.alive;
      },
      90_000,
      "the first launcher to serve with a live worker",
    );
    expect(first.output()).toContain(`took over the lock of a launcher that is gone (pid ${dead})`);
    expect(readFileSync(lock, "utf8").split("\n")[0]).toBe(String(first.proc.pid));
    const pg = postmaster()!;

    const second = launch(port);
    const code = await Promise.race([exited(second.proc), new Promise((r) => setTimeout(r, 30_000, "still running"))]);
    expect(code, second.output()).toBe(1);
    expect(second.output()).toContain(`another MSP Flow is running on DATA_DIR ${dataDir} and PORT ${port} (pid ${first.proc.pid}); stop it first`);
    // It built nothing and started nothing.
    expect(second.output()).not.toMatch(/PostgreSQL|building|web listening|exited \(/);

    // The first one is untouched: serving, its database and its lock as they were.
    const h = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { ok: boolean; db: string };
    expect(h).toMatchObject({ ok: true, db: "up" });
    expect(running(pg)).toBe(true);
    expect(readFileSync(lock, "utf8").split("\n")[0]).toBe(String(first.proc.pid));
    expect(first.output()).not.toMatch(/EADDRINUSE|exited \(|stopping/);

    // Stopped (Ctrl-C), it takes its lock with it.
    process.kill(-first.proc.pid!, "SIGINT");
    expect(await exited(first.proc)).toBe(0);
    expect(existsSync(lock)).toBe(false);
    await eventually(async () => !running(pg), 30_000, "the PostgreSQL to stop with its launcher");
  }, 300_000);
});
