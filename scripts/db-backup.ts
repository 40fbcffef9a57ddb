// npm run db:backup [-- <file>] — an online backup of the embedded PostgreSQL into one .tar.gz
// (default DATA_DIR/backups/msp-flow-<time>.tar.gz), while the service runs or not; restore with
// npm run db:restore. A database given by DATABASE_URL is backed up with its own tools.
// The backup holds no SECRET_KEY: keep the key (or DATA_DIR/secret-key) beside it.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { backUpEmbeddedDatabase } from "@/lib/backup/back-up-embedded-database";
import { backupDir, manualBackupName } from "@/lib/backup/backup-file-name";
import { startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { backupKeyAdvice } from "@/lib/backup/backup-key-advice";
import { ConfigError, env, neverGenerateSecretKey, parseSecretKey } from "@/lib/env";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 1 || args.some((a) => a.startsWith("-"))) {
    console.error("usage: npm run db:backup [-- <file>]");
    return 2;
  }
  neverGenerateSecretKey(); // a key made here would encrypt nothing, yet be named as the one to keep
  const config = env();
  if (config.DATABASE_URL) {
    console.error(
      "DATABASE_URL is set: this command backs up the embedded PostgreSQL only. Back up your PostgreSQL with its own tools " +
        "(pg_dump or pg_basebackup of the same major version, or your provider's snapshots), and keep SECRET_KEY with the backups.",
    );
    return 2;
  }
  if (!existsSync(path.join(config.DATA_DIR, "postgres", "PG_VERSION"))) {
    console.error(`Nothing to back up: there is no embedded PostgreSQL in ${path.join(config.DATA_DIR, "postgres")} (is DATA_DIR right?).`);
    return 1;
  }
  const file = path.resolve(args[0] ?? path.join(backupDir(config.DATA_DIR), manualBackupName()));
  mkdirSync(path.dirname(file), { recursive: true });
  const server = await startEmbeddedPostgres({ dataDir: config.DATA_DIR });
  try {
    const started = Date.now();
    const b = await backUpEmbeddedDatabase({ dataDir: config.DATA_DIR, url: server.url, file });
    console.log(
      `Backup written: ${b.file} (${(b.bytes / 1024 / 1024).toFixed(1)} MB, ${b.files} files and ${b.walSegments} WAL segments, ${((Date.now() - started) / 1000).toFixed(1)} s).`,
    );
    const envKey = process.env.SECRET_KEY ? parseSecretKey(process.env.SECRET_KEY) : null;
    // The backup is written: advice that cannot be worked out must not make it look failed.
    const advice = await backupKeyAdvice({ url: server.url, dataDir: config.DATA_DIR, envKey }).catch(
      () => "It does not hold the secret key: keep the key the service runs with (its SECRET_KEY, or DATA_DIR/secret-key) with it, or its secrets cannot be read.",
    );
    console.log(`${advice} Restore with: npm run db:restore -- <file> (the service stopped).`);
    return 0;
  } finally {
    if (!server.reused) await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof ConfigError ? `Configuration error: ${e.message}` : `backup failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  },
);
