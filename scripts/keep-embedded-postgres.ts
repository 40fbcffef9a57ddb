// `npm start`'s embedded PostgreSQL, started again when it dies (kill -9, the OOM killer, a
// crash): same data directory and port, hence the same URL, so the web and worker processes
// reconnect by themselves — their pools retry, the intake answers 503 meanwhile. Backoff as
// for the children (create-restart-policy.ts); a crash loop is handed to `onGiveUp`, which
// stops everything. Restarts may fail for a while after a kill -9 (the old backends hold the
// shared memory until they notice), which the backoff waits out.
import { startEmbeddedPostgres, type RunningPostgres } from "@/lib/db/embedded-postgres";
import { createRestartPolicy } from "./create-restart-policy";

export async function keepEmbeddedPostgres(opts: {
  dataDir: string;
  log: (line: string) => void;
  onGiveUp: (reason: string) => void;
}): Promise<RunningPostgres> {
  const policy = createRestartPolicy();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;
  let lastError = "";

  const onExit = (how: string) => {
    if (stopped) return;
    const wait = policy.crashed();
    if (wait === null) {
      opts.onGiveUp(`embedded PostgreSQL keeps exiting (5 times within 5 minutes; last: ${how})${lastError ? `: ${lastError}` : ""}`);
      return;
    }
    opts.log(`embedded PostgreSQL exited (${how}); restarting it in ${wait / 1000} s`);
    timer = setTimeout(() => {
      restarting = restart().finally(() => (restarting = undefined));
    }, wait);
  };
  const start = (port?: number) => startEmbeddedPostgres({ dataDir: opts.dataDir, port, log: opts.log, onExit });

  let current = await start();
  const port = current.port;
  const restart = async () => {
    if (stopped) return;
    try {
      current = await start(port);
      lastError = "";
      policy.started();
      opts.log(`embedded PostgreSQL running again on 127.0.0.1:${port}`);
    } catch (e) {
      lastError = (e instanceof Error ? e.message : String(e)).split("\n").slice(-2).join(" ");
      onExit("failed to start again");
    }
  };

  return {
    url: current.url,
    port,
    reused: current.reused,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await restarting;
      await current.stop();
    },
  };
}
