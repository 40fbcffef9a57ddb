// What `npm start` and `npm run demo` share: the web server and the worker as child processes,
// and one way to stop (SIGINT/SIGTERM, or either child exiting on its own): the children first —
// SIGTERM, so each finishes what it is doing, SIGKILL after a grace period — then what the
// launcher started before them (`cleanup`: the embedded PostgreSQL, the demo's fakes), then exit.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

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
  const children: ChildProcess[] = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log("stopping…");
    await stopChildren(children);
    await cleanup();
    log("stopped");
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  const startApp = (env: NodeJS.ProcessEnv) => {
    for (const [name, file] of APP) {
      const child = spawn(process.execPath, ["--import", "tsx", path.join(root, file)], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
      child.on("exit", (code, signal) => {
        if (stopping) return;
        log(`${name} exited (${signal ?? code}); stopping everything`);
        void shutdown(1);
      });
      children.push(child);
    }
  };
  return { startApp, shutdown };
}
