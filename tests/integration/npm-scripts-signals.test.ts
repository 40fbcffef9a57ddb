// The README's deployment commands under a process manager: Docker (npm as PID 1), pm2 or
// supervisord send SIGTERM to the npm process only. npm passes it to its child, so each script
// must `exec` its program (a `sh -c` in between dies without passing it on, and left the web
// server serving and the worker taking jobs). And Ctrl-C in a terminal, SIGINT to the whole
// process group, which npm also forwards: each program is node itself (`node --import tsx`),
// whose handlers stop once however many signals come — tsx's CLI relayed the second one and then
// killed its child 30 ms later, before the launcher had stopped the embedded PostgreSQL.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/lib/db/embedded-postgres";
import { alive, descendants, eventually } from "../helpers/services";

const root = path.resolve(import.meta.dirname, "../..");
const groups: number[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-signals-"));
chmodSync(dataDir, 0o755);

afterAll(() => {
  // Whatever a failed case left behind (each runs in a process group of its own).
  for (const g of groups) {
    try {
      process.kill(-g, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

type Case = { script: string; env: () => Promise<Record<string, string>>; ready: (out: string, env: Record<string, string>) => Promise<boolean> };

const cases: Case[] = [
  {
    script: "start:worker",
    env: async () => ({ WORKER_NICE: "0" }),
    ready: async (out) => /worker .* started/.test(out),
  },
  {
    script: "start:web",
    env: async () => {
      const port = await freePort();
      return { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
    },
    ready: async (_out, env) => (await fetch(`${env.PUBLIC_URL}/api/health/live`)).ok,
  },
  {
    // The launcher: web, worker and an embedded PostgreSQL of its own.
    script: "start",
    env: async () => ({ PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: "", WORKER_NICE: "0" }),
    ready: async (_out, env) => ((await (await fetch(`http://127.0.0.1:${env.PORT}/api/health`)).json()) as { worker?: { alive?: boolean } }).worker?.alive === true,
  },
];

const signals = [
  { how: "SIGTERM to npm only (a process manager)", signal: "SIGTERM" as const, group: false },
  { how: "SIGINT to the process group (Ctrl-C)", signal: "SIGINT" as const, group: true },
];

describe("stopping a start script", () => {
  it.each(signals.flatMap((s) => cases.map((c) => ({ ...c, ...s }))))("npm run $script, $how: every process it started stops", async ({ script, env: extraEnv, ready, signal, group }) => {
    const extra = await extraEnv();
    const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...extra };
    if (extra.DATABASE_URL === "") delete env.DATABASE_URL;
    const npm = spawn("npm", ["run", script], { cwd: root, env, detached: true });
    groups.push(npm.pid!);
    let out = "";
    npm.stdout!.on("data", (c) => (out += c));
    npm.stderr!.on("data", (c) => (out += c));
    await eventually(
      async () => {
        if (npm.exitCode !== null) throw new Error(`npm exited early:\n${out}`);
        return ready(out, extra);
      },
      90_000,
      `${script} ready`,
    );
    const started = descendants(npm.pid!);
    expect(started.length).toBeGreaterThan(0);

    process.kill(group ? -npm.pid! : npm.pid!, signal);
    await eventually(async () => [npm.pid!, ...started].every((p) => !alive(p)), 20_000, `every process of npm run ${script} to exit`).catch((e) => {
      const left = [npm.pid!, ...started].filter(alive).map((p) => `${p} ${readFileSync(`/proc/${p}/cmdline`, "utf8").replace(/\0/g, " ")}`);
      throw new Error(`${(e as Error).message}; still running:\n${left.join("\n")}\n${out.slice(-2000)}`);
    });
    // The launcher stopped its database itself (a killed launcher leaves it running, detached).
    if (script === "start") {
      await eventually(async () => /\[start\] stopped/.test(out), 5_000, "the launcher's last line");
      expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
    }
  }, 150_000);
});
