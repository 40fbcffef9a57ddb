// An online backup of the embedded PostgreSQL: the whole data directory copied while the service
// keeps running, framed by pg_backup_start/pg_backup_stop, with the WAL written meanwhile, into
// one .tar.gz. Restored (restore-embedded-database.ts), PostgreSQL replays that WAL and opens at
// the moment the backup ended: every run, job and secret as committed by then, consistent.
// A temporary replication slot keeps that WAL from being recycled by a checkpoint during the copy.
// Layout: postgres/… (the data directory, backup_label, pg_wal/<segments>), msp-flow/backup.json
// and msp-flow/postgres-password (the cluster's own login, which the restored roles expect).
import { once } from "node:events";
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PassThrough } from "node:stream";
import { createGzip } from "node:zlib";
import pg from "pg";
import { END_OF_ARCHIVE, tarHeader, tarPadding, type TarEntry } from "@/lib/backup/tar";
import { syncToDisk } from "@/lib/sync-to-disk";

export const BACKUP_FORMAT = "msp-flow-backup-1";

// What a base backup leaves out (PostgreSQL's "Making a Base Backup Using the Low Level API"):
// the contents of these directories are rebuilt or meaningless after a restore.
const EMPTIED_DIRS = new Set(["pg_wal", "pg_replslot", "pg_dynshmem", "pg_notify", "pg_serial", "pg_snapshots", "pg_stat_tmp", "pg_subtrans"]);
const SKIPPED_FILES = new Set(["postmaster.pid", "postmaster.opts", "backup_label", "tablespace_map", "current_logfiles", "pg_internal.init"]);

export type BackUpOptions = { dataDir: string; url: string; file: string };
export type BackupSummary = { file: string; bytes: number; files: number; walSegments: number };

export async function backUpEmbeddedDatabase({ dataDir, url, file }: BackUpOptions): Promise<BackupSummary> {
  const pgDir = path.join(dataDir, "postgres");
  const client = new pg.Client({ connectionString: url, application_name: "msp-flow-backup" });
  await client.connect();
  const partial = `${file}.partial`;
  const tar = new PassThrough();
  const written = pipeline(tar, createGzip({ level: 6 }), createWriteStream(partial, { mode: 0o600 }));
  written.catch(() => {}); // awaited below; an early failure must not go unhandled meanwhile
  const put = async (chunk: Buffer) => {
    if (!tar.write(chunk)) await once(tar, "drain");
  };
  /** A file of the data directory: exactly `entry.size` bytes of it. */
  const putFile = async (entry: TarEntry, source: string) => {
    await put(tarHeader(entry));
    let left = entry.size;
    if (left > 0) {
      // A relation file may shrink or grow while it is read: exactly `size` bytes go in.
      for await (const chunk of createReadStream(source, { end: entry.size - 1 }) as AsyncIterable<Buffer>) {
        const part = chunk.subarray(0, left);
        await put(part);
        left -= part.length;
        if (left === 0) break;
      }
    }
    if (left > 0) await put(Buffer.alloc(left));
    await put(tarPadding(entry.size));
  };
  /** An entry made here (metadata, the backup label). */
  const putBytes = async (entryPath: string, bytes: Buffer) => {
    await put(tarHeader({ path: entryPath, type: "file", size: bytes.length, mode: 0o600 }));
    await put(bytes);
    await put(tarPadding(bytes.length));
  };
  let files = 0;
  try {
    await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [`msp_flow_backup_${process.pid}`]);
    const { rows: started } = await client.query<{ lsn: string; version: string }>(
      "SELECT pg_backup_start($1, true)::text AS lsn, current_setting('server_version') AS version",
      [`msp-flow backup ${new Date().toISOString()}`],
    );
    const meta = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), postgres: started[0].version, startLsn: started[0].lsn };
    await putBytes("msp-flow/backup.json", Buffer.from(JSON.stringify(meta)));
    await putBytes("msp-flow/postgres-password", readFileSync(path.join(dataDir, "postgres-password")));

    // The data directory, depth first.
    const walk = async (rel: string) => {
      const abs = path.join(pgDir, rel);
      for (const d of readdirSync(abs, { withFileTypes: true })) {
        const childRel = rel ? `${rel}/${d.name}` : d.name;
        let st;
        try {
          st = statSync(path.join(abs, d.name));
        } catch {
          continue; // dropped while we walked (a table, a temporary file)
        }
        if (st.isDirectory()) {
          if (d.name.startsWith("pgsql_tmp")) continue;
          await put(tarHeader({ path: `postgres/${childRel}`, type: "directory", size: 0, mode: 0o700 }));
          if (!EMPTIED_DIRS.has(childRel)) await walk(childRel);
          else if (childRel === "pg_wal") {
            // Its subdirectories (archive_status, summaries) must exist, empty.
            for (const sub of readdirSync(path.join(abs, d.name), { withFileTypes: true })) {
              if (sub.isDirectory()) await put(tarHeader({ path: `postgres/pg_wal/${sub.name}`, type: "directory", size: 0, mode: 0o700 }));
            }
          }
        } else if (st.isFile() && !SKIPPED_FILES.has(d.name) && !d.name.startsWith("pgsql_tmp") && !d.name.startsWith(".s.PGSQL.")) {
          try {
            await putFile({ path: `postgres/${childRel}`, type: "file", size: st.size, mode: 0o600 }, path.join(abs, d.name));
            files++;
          } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e; // removed meanwhile: the WAL says so
          }
        }
      }
    };
    await put(tarHeader({ path: "postgres", type: "directory", size: 0, mode: 0o700 }));
    await walk("");

    const { rows: stopped } = await client.query<{ labelfile: string; spcmapfile: string | null; first: string; last: string }>(
      `SELECT s.labelfile, s.spcmapfile, pg_walfile_name($1::pg_lsn) AS first, pg_walfile_name(s.lsn) AS last FROM pg_backup_stop(false) AS s`,
      [started[0].lsn],
    );
    const { labelfile, spcmapfile, first, last } = stopped[0];
    await putBytes("postgres/backup_label", Buffer.from(labelfile));
    if (spcmapfile) await putBytes("postgres/tablespace_map", Buffer.from(spcmapfile));
    // The WAL from the backup's start to its end (the slot has kept it), in order.
    const segments = readdirSync(path.join(pgDir, "pg_wal"))
      .filter((n) => /^[0-9A-F]{24}$/.test(n) && n >= first && n <= last)
      .sort();
    if (segments[0] !== first || segments.at(-1) !== last) throw new Error(`the WAL of the backup is incomplete (wanted ${first} to ${last})`);
    for (const s of segments) {
      const p = path.join(pgDir, "pg_wal", s);
      await putFile({ path: `postgres/pg_wal/${s}`, type: "file", size: statSync(p).size, mode: 0o600 }, p);
    }
    await put(END_OF_ARCHIVE);
    tar.end();
    await written;
    syncToDisk(partial);
    renameSync(partial, file);
    return { file, bytes: statSync(file).size, files, walSegments: segments.length };
  } catch (e) {
    tar.destroy();
    await written.catch(() => {});
    if (existsSync(partial)) rmSync(partial, { force: true });
    throw e;
  } finally {
    // Ends the backup if it is still in progress, and drops the temporary slot.
    await client.end().catch(() => {});
  }
}
