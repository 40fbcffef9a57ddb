// `npm start` stopped (Ctrl-C, SIGTERM) while its embedded PostgreSQL is starting stops that
// PostgreSQL too. The launcher handled signals only once the database was up: before, a signal
// ended the launcher alone, and the server — in a process group of its own, out of reach of
// Ctrl-C — came up after it had gone and was left running.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, watch } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { eventually, running } from "../helpers/services";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-early-stop-"));
chmodSync(dataDir, 0o755);
const pgDir = path.join(dataDir, "postgres");
const postmaster = () => (existsSync(path.join(pgDir, "postmaster.pid")) ? Number(readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[0]) || null : null);
const pids: number[] = [];
afterAll(() => {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start stopped while its PostgreSQL starts", () => {
  it("stops that PostgreSQL and exits", async () => {
    // A cluster made beforehand, so the launcher goes straight to starting the server.
    await (await startEmbeddedPostgres({ dataDir })).stop();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), NEXT_TELEMETRY_DISABLED: "1" };
    delete env.DATABASE_URL;
    delete env.SECRET_KEY;
    // The signal the moment the server writes its postmaster.pid: it is starting, not yet up.
    const starts = new Promise<void>((resolve) => {
      const w = watch(pgDir, (_, name) => {
        if (name !== "postmaster.pid") return;
        w.close();
        resolve();
      });
    });
    // --dev: no build first (what is tested happens before the web server and the worker start).
    const launcher = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--dev"], { cwd: root, env, detached: true });
    pids.push(launcher.pid!);
    let out = "";
    launcher.stdout!.on("data", (c) => (out += c));
    launcher.stderr!.on("data", (c) => (out += c));
    const exited = new Promise((r) => launcher.once("exit", r));
    await starts;
    process.kill(launcher.pid!, "SIGINT");
    await exited;
    const pg = postmaster();
    if (pg) pids.push(pg);
    await eventually(async () => !existsSync(path.join(pgDir, "postmaster.pid")) && (pg === null || !running(pg)), 30_000, `the PostgreSQL the launcher was starting to stop:\n${out}`);
    expect(out).not.toMatch(/open http/);
  }, 120_000);
});
