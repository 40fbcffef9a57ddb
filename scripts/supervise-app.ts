// What `npm start` and `npm run demo` share: the web server and the worker as child processes,
// and one way to stop (SIGINT/SIGTERM, or `shutdown`): the children first — SIGTERM, so each
// finishes what it is doing, SIGKILL after a grace period — then what the launcher started
// before them (`cleanup`: the embedded PostgreSQL, the demo's fakes), then exit.
//
// A child that exits on its own (a crash, kill -9, the OOM killer) is started again with
// backoff (create-restart-policy.ts): on one box, stopping everything because the worker died
// would also take the intake down, and deliveries would be refused until someone restarted
// it. Only a crash loop stops everything, with a non-zero exit.
//
// The launcher itself killed (kill -9, the OOM killer, a process manager that kills only the
// main PID) cannot stop anyone: each child has an IPC channel to it instead, which the kernel
// closes when it dies, and stops itself gracefully on that (lib/stop-with-launcher.ts).
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { LAUNCHER_CHANNEL_ENV } from "@/lib/stop-with-launcher";
import { createRestartPolicy } from "./create-restart-policy";

const root = path.resolve(import.meta.dirname, "..");
const APP = [
  ["web", "server.ts"],
  ["worker", "worker/index.ts"],
] as const;

function stopChildren(children: ChildProcess[], graceMs = 15_000): Promise<void> {
  return Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once("exit", () => resolve());
          c.kill("SIGTERM");
          setTimeout(() => c.kill("SIGKILL"), graceMs).unref();
        }),
    ),
  ).then(() => undefined);
}

export type AppSupervisor = {
  /** Spawns the web server and the worker with this environment. */
  startApp: (env: NodeJS.ProcessEnv) => void;
  /** Stops everything once (later calls do nothing) and exits with `code`. */
  shutdown: (code: number) => Promise<void>;
};

export function superviseApp({ log, cleanup }: { log: (line: string) => void; cleanup: () => Promise<void> }): AppSupervisor {
  const children = new Map<string, ChildProcess>();
  const restarts = new Set<NodeJS.Timeout>();
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log("stopping…");
    for (const t of restarts) clearTimeout(t);
    await stopChildren([...children.values()]);
    await cleanup();
    log("stopped");
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  const startChild = (name: string, file: string, env: NodeJS.ProcessEnv, policy = createRestartPolicy()) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, file)], {
      cwd: root,
      env: { ...env, [LAUNCHER_CHANNEL_ENV]: "1" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    children.set(name, child);
    child.on("exit", (code, signal) => {
      if (stopping) return;
      const wait = policy.crashed();
      if (wait === null) {
        log(`${name} exited (${signal ?? code}) and keeps crashing (5 times within 5 minutes); stopping everything`);
        void shutdown(1);
        return;
      }
      log(`${name} exited (${signal ?? code}); restarting it in ${wait / 1000} s`);
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (stopping) return;
        startChild(name, file, env, policy);
        policy.started();
      }, wait);
      restarts.add(timer);
    });
  };
  const startApp = (env: NodeJS.ProcessEnv) => {
    if (stopping) return; // stopped while the launcher was still getting ready
    for (const [name, file] of APP) startChild(name, file, env);
  };
  return { startApp, shutdown };
}
