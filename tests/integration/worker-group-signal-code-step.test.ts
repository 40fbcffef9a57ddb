// Ctrl-C under `npm start` and a systemd stop (KillMode=control-group) signal the worker's whole
// process group, sandbox children included. The children used to die of it at once, and the Code
// steps they were running failed for good ("the sandbox process ended unexpectedly (SIGTERM)"),
// where an HTTP step in the same stop resumed. Now the worker's own stop decides: a Code step
// that ends within its grace period completes, one that outlasts it is interrupted and resumes
// on the next start.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startLocalServer } from "../helpers/local-server";
import { eventually } from "../helpers/services";
import { createWorkflow, createWorkspace, enqueueRun, FINAL, runInStatus, statuses, stopTestBoss } from "./run-engine-fixtures";

const root = path.resolve(import.meta.dirname, "../..");
const groups: number[] = [];
afterAll(async () => {
  await stopTestBoss();
  for (const pgid of groups) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
});

/** The worker as the leader of a process group of its own, as `npm start` runs under a terminal or systemd. */
async function startWorkerGroup(): Promise<{ proc: ChildProcess; output: () => string }> {
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(root, "worker/index.ts")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", WORKER_NICE: "0" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  groups.push(proc.pid!);
  let out = "";
  const keep = (c: Buffer) => (out = (out + c.toString()).slice(-40_000));
  proc.stdout!.on("data", keep);
  proc.stderr!.on("data", keep);
  await eventually(async () => /worker .* started/.test(out) || proc.exitCode !== null, 60_000, "the worker to start");
  expect(proc.exitCode, out).toBeNull();
  return { proc, output: () => out };
}

const busy = (ms: number) => `const end = Date.now() + ${ms}; while (Date.now() < end) {} return { busy: ${ms} }`;

describe("the worker's process group signalled during Code steps", () => {
  it.each(["SIGTERM", "SIGINT"] as const)("%s: a Code step within the grace period completes, one past it resumes on the next start; both runs succeed", async (signal) => {
    const posts: string[] = [];
    const server = await startLocalServer((req, res) => {
      posts.push(req.url ?? "");
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    try {
      const workspaceId = await createWorkspace();
      const workflow = (ms: number, name: string) =>
        createWorkflow(
          [
            { kind: "webhook", config: {} },
            { kind: "code", config: { code: busy(ms), timeoutMs: 30_000 } },
            { kind: "http", config: { method: "POST", url: `${server.url}/${name}` } },
          ],
          { workspaceId },
        );
      // The short one is the reported case (~1.3 s); the long one outlasts the stop's 10 s.
      const [short, long] = [await workflow(1_500, "short"), await workflow(13_000, "long")];
      const a = await startWorkerGroup();
      const runIds = [await enqueueRun(short, {}), await enqueueRun(long, {})];
      for (const runId of runIds) await runInStatus(runId, "running", 60_000); // step 1 recorded: the Code step executing

      process.kill(-a.proc.pid!, signal);
      const code = await new Promise<number | null>((resolve) => (a.proc.exitCode !== null ? resolve(a.proc.exitCode) : a.proc.once("exit", (c) => resolve(c))));
      expect(code, a.output()).toBe(0);
      expect(a.output()).not.toContain("the sandbox process ended unexpectedly");
      // Not failed by the stop: the short run finished in the grace period, the long one waits for a worker.
      const [shortRun, longRun] = await Promise.all(runIds.map((id) => db().run.findUniqueOrThrow({ where: { id } })));
      expect(shortRun.status, a.output()).toBe("succeeded");
      expect(longRun.status, a.output()).toBe("running");
      expect(a.output()).toMatch(new RegExp(`"runId":"${runIds[1]}"[^\\n]*run interrupted by shutdown; it resumes on the next start`));

      const b = await startWorkerGroup();
      const runs = await eventually(
        async () => {
          const rows = await db().run.findMany({ where: { id: { in: runIds } }, include: { steps: { orderBy: { number: "asc" } } } });
          return rows.every((r) => FINAL.includes(r.status)) ? rows : null;
        },
        90_000,
        "both runs to end",
      );
      for (const run of runs) {
        expect(run.status, `${run.error}\n${b.output()}`).toBe("succeeded");
        expect(statuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded"]);
      }
      expect(posts.sort()).toEqual(["/long", "/short"]);
      process.kill(-b.proc.pid!, "SIGTERM");
      await new Promise((resolve) => (b.proc.exitCode !== null ? resolve(null) : b.proc.once("exit", resolve)));
    } finally {
      await server.close();
    }
  }, 200_000);
});
