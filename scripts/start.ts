// `npm start` (and `npm run dev` with --dev): one command runs everything. Validates the
// configuration, builds when stale, starts an embedded PostgreSQL unless DATABASE_URL is set,
// migrates, seeds, then runs the web server and the worker as child processes. SIGINT/SIGTERM
// stop the children, then the database (unless other processes still use it); nothing of its
// own is left behind. A second one on the same DATA_DIR and PORT refuses to start (launcher-lock.ts). Killed itself, its children stop on their own (lib/stop-with-launcher.ts)
// and the database stays, for the next start to reuse.
import path from "node:path";
import { ConfigError, ensureDataDir, generateSecretKeyAtCheck, loadEnv } from "@/lib/env";
import type { RunningPostgres } from "@/lib/db/embedded-postgres";
import { prepareDatabase } from "@/lib/db/prepare-database";
import { seedOwnerFromEnv } from "@/lib/seed/seed-owner";
import { startFailureMessage } from "@/lib/start-up-failure";
import { ensureBuild } from "./ensure-build";
import { keepEmbeddedPostgres } from "./keep-embedded-postgres";
import { takeLauncherLock, type LauncherLock } from "./launcher-lock";
import { otherAppProcesses } from "./other-app-processes";
import { portProblemAfterWait } from "./port-free";
import { superviseApp } from "./supervise-app";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const log = (line: string) => console.log(`[start] ${line}`);

async function main() {
  let config;
  try {
    // A missing DATA_DIR/secret-key is generated only for a database without a key of its own
    // (lib/secrets/verify-secret-key.ts): not for a backup restored onto a fresh DATA_DIR.
    generateSecretKeyAtCheck();
    config = loadEnv();
    // The embedded database lives in DATA_DIR: a folder it cannot make or write is said in one line.
    if (!config.DATABASE_URL) ensureDataDir(config.DATA_DIR);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  // Before anything is built or started: a second launcher on this DATA_DIR and PORT would only
  // crash-loop on the port, and could stop the PostgreSQL the first one uses (launcher-lock.ts).
  const lock = lockOrNothing(config.DATA_DIR, config.PORT, !config.DATABASE_URL);
  if (lock && !lock.ok) {
    console.error(`[start] another MSP Flow is running on DATA_DIR ${path.resolve(config.DATA_DIR)} and PORT ${config.PORT} (pid ${lock.pid}); stop it first (its lock: ${lock.file})`);
    process.exit(1);
  }
  if (lock?.tookOver) log(`took over the lock of a launcher that is gone (pid ${lock.tookOver})`);
  // A port another program holds: one line now, not a crash loop of the web server (port-free.ts).
  const portProblem = await portProblemAfterWait(config.LISTEN_HOST, config.PORT, 12_000, () =>
    log(`PORT ${config.PORT} is in use; waiting up to 12 s for it to be free (an MSP Flow still stopping?)`),
  );
  if (portProblem) {
    console.error(`[start] MSP Flow failed to start: ${portProblem}`);
    process.exit(1);
  }
  if (!dev) await ensureBuild(root, log);

  // The start itself, not only its result: a stop while PostgreSQL is starting waits for it and
  // stops it. Ctrl-C then used to end the launcher alone, and the server (in a process group of
  // its own, out of reach of Ctrl-C) came up after it had gone, left running.
  let starting: Promise<RunningPostgres> | undefined;
  const { startApp, shutdown } = superviseApp({
    log,
    cleanup: async () => {
      const embedded = await starting?.catch(() => undefined);
      if (!embedded) return;
      // Shared with another npm start on this DATA_DIR, or with the processes of a killed one
      // still finishing: theirs to go on using, and the next start reuses it.
      const others = await otherAppProcesses(embedded.url).catch(() => []);
      if (others.length > 0) {
        log(`leaving the embedded PostgreSQL running: other web or worker processes still use it (sessions: ${others.join(", ")})`);
        return;
      }
      await embedded.stop().catch((e) => log(`postgres stop: ${e.message}`));
    },
  });

  // A database that keeps dying stops everything.
  const giveUp = (reason: string) => {
    console.error(`[start] ${reason}; stopping everything`);
    void shutdown(1);
  };

  try {
    let url = config.DATABASE_URL;
    let embedded: RunningPostgres | undefined;
    if (!url) {
      starting = keepEmbeddedPostgres({ dataDir: config.DATA_DIR, log, onGiveUp: giveUp });
      embedded = await starting;
      url = embedded.url;
      log(`embedded PostgreSQL on 127.0.0.1:${embedded.port} (data in ${path.join(config.DATA_DIR, "postgres")})`);
    }
    const seed = await prepareDatabase({ url, log, seed: seedOwnerFromEnv(config) });
    if (seed.created) log(`seeded a provider workspace with two clients`);

    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: config.DATA_DIR,
      // The worker backs up only a database it runs beside (BACKUP_CRON, lib/backup).
      EMBEDDED_POSTGRES: embedded ? "true" : "false",
      NODE_ENV: dev ? ("development" as const) : ("production" as const),
      NEXT_TELEMETRY_DISABLED: "1",
    };
    startApp(childEnv);
    const openAt = `http://${config.LISTEN_HOST?.includes(":") ? `[${config.LISTEN_HOST}]` : (config.LISTEN_HOST ?? "localhost")}:${config.PORT}`;
    // The seed's password only when the seed just ran: later it may have been changed, and
    // SEED_OWNER_* set for a database seeded before create nobody.
    // The operator's own SEED_OWNER_PASSWORD is never echoed into logs; a generated one has to be.
    if (seed.created && seed.mustChangePassword) {
      log(`open ${openAt} and sign in as ${seed.email} / ${seed.password} (a first password: you will choose your own when you sign in)`);
    } else if (seed.created) log(`open ${openAt} and sign in as ${seed.email} with the password set in SEED_OWNER_PASSWORD`);
    else log(`open ${openAt} and sign in (accounts were set up on an earlier start; the seed settings apply to a new database only)`);
    log(`webhook URLs start with ${config.PUBLIC_URL}/hooks/`);
  } catch (e) {
    // One line, a refused login named as DATABASE_URL, as the web server's and worker's own.
    console.error(`[start] ${startFailureMessage("MSP Flow", e)}`);
    await shutdown(1);
  }
}

// With DATABASE_URL set, DATA_DIR need not exist or be writable: no lock then, as before.
function lockOrNothing(dataDir: string, port: number, embedded: boolean): LauncherLock | null {
  try {
    return takeLauncherLock(dataDir, port);
  } catch (e) {
    if (embedded) throw e;
    return null;
  }
}

void main();
