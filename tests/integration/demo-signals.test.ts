// `npm run demo` stopped by a signal stops its PostgreSQL too. It ran as `tsx scripts/demo.ts`
// under npm's shell: a SIGTERM to npm (a process manager, a terminal closing) killed the shell
// only, and the demo, its web server, worker and PostgreSQL ran on, orphaned. Stopped while
// PostgreSQL was starting, the server came up after the demo had gone. And one a SIGKILLed demo
// left running is stopped by the next demo, before it wipes its files.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/lib/db/embedded-postgres";
import { descendants, eventually, running } from "../helpers/services";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-demo-"));
chmodSync(dataDir, 0o755);
const groups: number[] = [];
const seen = new Set<number>();
const postmaster = () => {
  const file = path.join(dataDir, "postgres", "postmaster.pid");
  return existsSync(file) ? Number(readFileSync(file, "utf8").split("\n")[0]) : null;
};
afterAll(() => {
  for (const pid of [...groups.map((g) => -g), ...seen]) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

type Demo = { proc: ChildProcess; output: () => string; exited: Promise<unknown> };

/** `npm run demo`, in a process group of its own (as a terminal runs it). */
async function startDemo(until: RegExp): Promise<Demo> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), WORKER_NICE: "0", NEXT_TELEMETRY_DISABLED: "1" };
  delete env.DATABASE_URL;
  delete env.SECRET_KEY;
  const proc = spawn("npm", ["run", "demo"], { cwd: root, env, detached: true });
  groups.push(proc.pid!);
  let out = "";
  proc.stdout!.on("data", (c) => (out += c));
  proc.stderr!.on("data", (c) => (out += c));
  const exited = new Promise((r) => proc.once("exit", r));
  await eventually(
    async () => {
      if (proc.exitCode !== null) throw new Error(`the demo exited:\n${out}`);
      for (const p of descendants(proc.pid!)) seen.add(p);
      return until.test(out);
    },
    120_000,
    `the demo to log ${until}`,
  );
  return { proc, output: () => out, exited };
}

const gone = (pids: number[], what: string) => eventually(async () => pids.every((p) => !running(p)), 30_000, what);

describe("npm run demo stopped by a signal", () => {
  it("SIGTERM to npm alone, Ctrl-C while PostgreSQL starts, and after a SIGKILL the next demo: no PostgreSQL is left running", async () => {
    // SIGTERM to npm only, as a process manager sends it: the demo stops, its PostgreSQL with it.
    const first = await startDemo(/started \d+ runs/);
    const pg = postmaster()!;
    const app = descendants(first.proc.pid!);
    expect(running(pg)).toBe(true);
    process.kill(first.proc.pid!, "SIGTERM");
    await first.exited;
    await gone([pg, ...app], "the demo's processes and its PostgreSQL to stop");
    expect(first.output()).toMatch(/\[demo\] stopped/);

    // SIGKILLed: its PostgreSQL is left (nothing can stop it then) until the next demo starts,
    // which stops it before it wipes its files. Ctrl-C then, while its own PostgreSQL starts.
    const killed = await startDemo(/started \d+ runs/);
    const left = postmaster()!;
    const demo = descendants(killed.proc.pid!).find((p) => readFileSync(`/proc/${p}/cmdline`, "utf8").includes("scripts/demo.ts"))!;
    process.kill(demo, "SIGKILL");
    await killed.exited;
    expect(running(left)).toBe(true);
    const early = await startDemo(/initialising PostgreSQL/);
    expect(early.output()).toContain(`stopped the PostgreSQL an earlier demo left running (pid ${left})`);
    expect(running(left)).toBe(false);
    process.kill(-early.proc.pid!, "SIGINT");
    await early.exited;
    // The server it was starting is stopped once up, not left behind.
    const started = postmaster();
    if (started) await gone([started], "the PostgreSQL the demo was starting to stop");
    await eventually(async () => !existsSync(path.join(dataDir, "postgres", "postmaster.pid")), 30_000, "postmaster.pid to go");
  }, 600_000);
});
