// npm run db:restore -- <file> — replaces the embedded PostgreSQL's data with a backup made by
// npm run db:backup, the service stopped. The current data is kept beside it
// (DATA_DIR/postgres.before-restore-<time>); a backup that does not open changes nothing. It
// then names the key to start with, checked against the restored database's key check.
import path from "node:path";
import { restoreEmbeddedDatabase, RestoreRefused } from "@/lib/backup/restore-embedded-database";
import { runningPostmaster } from "@/lib/db/embedded-postgres";
import { restoreKeyAdvice } from "@/lib/backup/restore-key-advice";
import { ConfigError, env, neverGenerateSecretKey, parseSecretKey } from "@/lib/env";
import { liveLaunchers } from "./launcher-lock";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith("-")) {
    console.error("usage: npm run db:restore -- <file>");
    return 2;
  }
  neverGenerateSecretKey(); // the backup's key is the service's to bring, not this command's to make
  const config = env();
  if (config.DATABASE_URL) {
    console.error("DATABASE_URL is set: this command restores the embedded PostgreSQL only; restore your PostgreSQL with its own tools.");
    return 2;
  }
  const file = path.resolve(args[0]);
  const refused = runningRefusal(config.DATA_DIR);
  if (refused) {
    console.error(refused);
    return 1;
  }
  try {
    const r = await restoreEmbeddedDatabase({ dataDir: config.DATA_DIR, file, log: (l) => console.log(l) });
    console.log(`Restored the backup made at ${r.createdAt}.${r.keptPrevious ? ` The data it replaced is kept in ${r.keptPrevious} (delete it once you are satisfied).` : ""}`);
    // As db:backup does: the shell's key, which env() would refuse to hand over when it is unset.
    const envKey = process.env.SECRET_KEY ? parseSecretKey(process.env.SECRET_KEY) : null;
    console.log(restoreKeyAdvice({ dataDir: config.DATA_DIR, keyCheck: r.keyCheck, envKey }));
    return 0;
  } catch (e) {
    if (!(e instanceof RestoreRefused)) throw e;
    console.error(e.message);
    return 1;
  }
}

/** Why not while a PostgreSQL runs on DATA_DIR, saying how to stop it: after a killed launcher
 *  there is no `npm start` to stop, and "stop the service (npm start) first" left the operator
 *  looking for one. */
function runningRefusal(dataDir: string): string | null {
  const running = runningPostmaster(path.join(dataDir, "postgres"));
  if (!running) return null;
  const nothing = "then run the restore again; nothing was changed";
  const launchers = liveLaunchers(dataDir);
  if (launchers.length > 0) {
    return `the embedded PostgreSQL is running (pid ${running.pid}) for npm start (pid ${launchers.join(", ")}): stop it first (Ctrl-C where it runs, or kill -TERM ${launchers.join(" ")}), ${nothing}`;
  }
  return (
    `the embedded PostgreSQL is running (pid ${running.pid}), but no npm start runs on DATA_DIR ${path.resolve(dataDir)}: one that was killed left it running. ` +
    `Stop it with kill -INT ${running.pid} (or start the service with npm start and stop it with Ctrl-C), ${nothing}. ` +
    `If an operator command (db:backup, user:reset-password) is running, wait for it instead: it stops the server it started.`
  );
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof ConfigError ? `Configuration error: ${e.message}` : `restore failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  },
);
