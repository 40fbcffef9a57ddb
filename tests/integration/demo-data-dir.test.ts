// `npm run demo` wipes its database at every start, and it took DATA_DIR from the environment:
// an operator who had exported DATA_DIR for `npm start` and tried the demo lost every workflow,
// run, secret and account. It now refuses a DATA_DIR holding a database it did not make —
// stopped or running — and one an `npm start` runs on, saying why, and leaves it untouched.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startEmbeddedPostgres, type RunningPostgres } from "@/lib/db/embedded-postgres";
import { DEMO_MARK } from "@/scripts/demo-data-dir";
import { lockFileName } from "@/scripts/launcher-lock";
import { eventually, running } from "../helpers/services";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-victim-"));
chmodSync(dataDir, 0o755);
const groups: number[] = [];
let server: RunningPostgres | undefined;
afterAll(async () => {
  for (const pid of groups) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under `dir` with its content's hash: the same map is the same bytes. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else files.set(path.relative(dir, p), createHash("sha256").update(readFileSync(p)).digest("hex"));
    }
  };
  walk(dir);
  return files;
}

/** `npm run demo` on the victim's DATA_DIR: its exit code and output, or null for a demo that got
 *  past the check and started on the folder (stopped then, as the old demo never exited). */
async function demo(unchanged: () => boolean): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), NEXT_TELEMETRY_DISABLED: "1" };
  delete env.DATABASE_URL;
  delete env.SECRET_KEY;
  const proc = spawn("npm", ["run", "demo"], { cwd: root, env, detached: true });
  groups.push(proc.pid!);
  let output = "";
  proc.stdout!.on("data", (c) => (output += c));
  proc.stderr!.on("data", (c) => (output += c));
  await eventually(async () => proc.exitCode !== null || !unchanged() || /initialising PostgreSQL/.test(output), 300_000, "the demo to exit or start");
  if (proc.exitCode === null) process.kill(-proc.pid!, "SIGKILL");
  return { code: proc.exitCode, output };
}

const DID_NOT_MAKE = `[demo] DATA_DIR ${dataDir} holds a database the demo did not make (${path.join(dataDir, "postgres")}`;

describe("npm run demo on a DATA_DIR it did not make", () => {
  it("refuses, naming the folder, and leaves its database as it was: stopped, running, or in use by npm start", async () => {
    // An `npm start`'s database with a workflow in it, stopped.
    server = await startEmbeddedPostgres({ dataDir });
    const db = new pg.Client({ connectionString: server.url });
    await db.connect();
    await db.query("CREATE TABLE precious (name text); INSERT INTO precious VALUES ('the operator''s workflow')");
    await db.end();
    await server.stop();
    server = undefined;
    const before = snapshot(dataDir);
    const stopped = await demo(() => existsSync(path.join(dataDir, "postgres", "PG_VERSION")));
    expect(stopped.output).toContain(DID_NOT_MAKE);
    expect(stopped.output).toContain("unset DATA_DIR (the demo then uses .data/demo) or set it to a new folder; nothing was changed");
    expect(stopped.code).toBe(1);
    expect(snapshot(dataDir)).toEqual(before);

    // Running: refused the same, the server left running with its data.
    server = await startEmbeddedPostgres({ dataDir });
    const pid = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    const live = await demo(() => running(pid));
    expect(live.output).toContain(`${DID_NOT_MAKE}, its PostgreSQL running as pid ${pid})`);
    expect(live.code).toBe(1);
    expect(running(pid)).toBe(true);
    const check = new pg.Client({ connectionString: server.url });
    await check.connect();
    expect((await check.query("SELECT name FROM precious")).rows).toEqual([{ name: "the operator's workflow" }]);
    await check.end();
    await server.stop();
    server = undefined;

    // Even a folder the demo marked as its own is refused while an npm start runs on it (this
    // test process stands in for the launcher holding the lock).
    writeFileSync(path.join(dataDir, DEMO_MARK), "");
    const self = readFileSync("/proc/self/cmdline", "utf8").replace(/\0$/, "").replace(/\0/g, " ");
    writeFileSync(path.join(dataDir, lockFileName(4112)), `${process.pid}\n${self}\n`);
    const marked = snapshot(dataDir);
    const inUse = await demo(() => existsSync(path.join(dataDir, "postgres", "PG_VERSION")));
    expect(inUse.output).toContain(`[demo] npm start is running on DATA_DIR ${dataDir} (pid ${process.pid}); the demo wipes its database at every start`);
    expect(inUse.code).toBe(1);
    expect(snapshot(dataDir)).toEqual(marked);
  }, 600_000);
});
