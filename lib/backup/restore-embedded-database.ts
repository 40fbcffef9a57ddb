// Puts a backup made by back-up-embedded-database.ts in place of the embedded PostgreSQL's data
// directory, with the service stopped: the backup is unpacked beside the current data first (a
// damaged or truncated file changes nothing), the current data is kept as
// postgres.before-restore-<time>, and PostgreSQL is started once to replay the backup's WAL and
// prove it opens. If it does not, the previous data is put back.
import { chownSync, createReadStream, createWriteStream, existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import pg from "pg";
import { BACKUP_FORMAT } from "@/lib/backup/back-up-embedded-database";
import { readKeyCheck } from "@/lib/backup/read-key-check";
import { readTar } from "@/lib/backup/tar";
import { postgresUserIds, runningPostmaster, startEmbeddedPostgres } from "@/lib/db/embedded-postgres";

export type RestoreOptions = { dataDir: string; file: string; log?: (line: string) => void };
/** keyCheck: the restored database's stored key check (lib/backup/restore-key-advice.ts), null if none could be read. */
export type RestoreSummary = { createdAt: string; keptPrevious: string | null; keyCheck: string | null };

export class RestoreRefused extends Error {}

export async function restoreEmbeddedDatabase({ dataDir, file, log = () => {} }: RestoreOptions): Promise<RestoreSummary> {
  const pgDir = path.join(dataDir, "postgres");
  const running = runningPostmaster(pgDir);
  if (running) throw new RestoreRefused(`the embedded PostgreSQL is running (pid ${running.pid}): stop the service (npm start) first; nothing was changed`);
  if (!existsSync(file)) throw new RestoreRefused(`no such file: ${file}`);

  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "");
  const unpacked = path.join(dataDir, `postgres.restoring-${stamp}`);
  mkdirSync(dataDir, { recursive: true });
  rmSync(unpacked, { recursive: true, force: true });
  // What the backup says of itself, and the cluster's login (msp-flow/… entries).
  const found: { meta?: { format?: string; createdAt?: string }; password?: Buffer } = {};
  try {
    await readTar(createReadStream(file).pipe(createGunzip()), async (entry, content) => {
      if (entry.path === "msp-flow/backup.json" || entry.path === "msp-flow/postgres-password") {
        const chunks: Buffer[] = [];
        for await (const c of content) chunks.push(c);
        if (entry.path === "msp-flow/backup.json") found.meta = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        else found.password = Buffer.concat(chunks);
        return;
      }
      if (entry.path !== "postgres" && !entry.path.startsWith("postgres/")) return;
      const target = path.join(unpacked, entry.path.slice("postgres".length));
      if (entry.type === "directory") mkdirSync(target, { recursive: true, mode: 0o700 });
      else await pipeline(Readable.from(content), createWriteStream(target, { mode: 0o600 }));
    });
  } catch (e) {
    rmSync(unpacked, { recursive: true, force: true });
    const m = e instanceof Error ? e.message : String(e);
    throw new RestoreRefused(/incorrect header check|unexpected end of file/.test(m) ? `${file} is not a backup made by npm run db:backup (${m}); nothing was changed` : `${m}; nothing was changed`);
  }
  const format = found.meta?.format;
  const password = found.password;
  if (format !== BACKUP_FORMAT || !password || !existsSync(path.join(unpacked, "backup_label"))) {
    rmSync(unpacked, { recursive: true, force: true });
    throw new RestoreRefused(`${file} is not a backup made by npm run db:backup${format ? ` (format ${format})` : ""}; nothing was changed`);
  }
  ownForPostgres(unpacked);

  // The swap: the current data (if any) and its password are kept beside, under one name.
  const previous = existsSync(pgDir) ? path.join(dataDir, `postgres.before-restore-${stamp}`) : null;
  const passwordFile = path.join(dataDir, "postgres-password");
  if (previous) {
    renameSync(pgDir, previous);
    if (existsSync(passwordFile)) renameSync(passwordFile, path.join(previous, "..", `postgres-password.before-restore-${stamp}`));
  }
  renameSync(unpacked, pgDir);
  writeFileSync(passwordFile, password, { mode: 0o600 });

  log("starting PostgreSQL to replay the backup's WAL");
  let keyCheck: string | null = null;
  try {
    const server = await startEmbeddedPostgres({ dataDir, database: "postgres" });
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ recovering: boolean }>("SELECT pg_is_in_recovery() AS recovering");
        if (rows[0].recovering) throw new Error("PostgreSQL is still in recovery after the restore");
      } finally {
        await client.end();
      }
      // Which key the restored secrets need, while the server is up: the message names it.
      const app = new URL(server.url);
      app.pathname = "/app";
      keyCheck = await readKeyCheck(app.toString()).catch(() => null);
    } finally {
      await server.stop();
    }
  } catch (e) {
    // Back as it was: the restored directory is kept for a look, the previous one returns.
    const failed = path.join(dataDir, `postgres.failed-restore-${stamp}`);
    renameSync(pgDir, failed);
    if (previous) {
      renameSync(previous, pgDir);
      const kept = path.join(dataDir, `postgres-password.before-restore-${stamp}`);
      if (existsSync(kept)) renameSync(kept, passwordFile);
    }
    throw new Error(`the restored database did not start (${e instanceof Error ? e.message : e}); the previous data is back in place, the restored copy is in ${failed}`);
  }
  return { createdAt: found.meta?.createdAt ?? "unknown", keptPrevious: previous, keyCheck };
}

/** As root, PostgreSQL runs as the postgres user (embedded-postgres.ts): its files must be its own. */
function ownForPostgres(dir: string) {
  const ids = postgresUserIds();
  if (!ids) return;
  const walk = (p: string) => {
    chownSync(p, ids.uid, ids.gid);
    if (lstatSync(p).isDirectory()) for (const n of readdirSync(p)) walk(path.join(p, n));
  };
  walk(dir);
}
