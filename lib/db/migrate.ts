// Applies prisma/migrations/*/migration.sql the way `prisma migrate deploy` does, without
// Prisma's native schema engine (which these machines cannot download). Same folder layout,
// same `_prisma_migrations` table, same sha256 checksums, so Prisma's own CLI agrees on a
// machine where it works.
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";

// The advisory lock key Prisma Migrate itself takes, so our runner and Prisma exclude each other.
const LOCK_KEY = 72707369;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export type Migration = { name: string; sql: string; checksum: string };

export function readMigrations(dir = path.resolve("prisma/migrations")): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const bytes = readFileSync(path.join(dir, name, "migration.sql"));
      return { name, sql: bytes.toString("utf8"), checksum: createHash("sha256").update(bytes).digest("hex") };
    });
}

export class MigrationError extends Error {}

/** Applies pending migrations; returns the names applied. Safe to call from many processes at once. */
export async function migrateDatabase(opts: { url: string; dir?: string; log?: (line: string) => void }): Promise<string[]> {
  const migrations = readMigrations(opts.dir);
  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`,
    );
    const done = new Map(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r.checksum]));
    const failed = rows.find((r) => !r.finished_at && !r.rolled_back_at);
    if (failed) throw new MigrationError(`migration ${failed.migration_name} failed earlier; resolve it before starting`);
    for (const m of migrations) {
      const known = done.get(m.name);
      if (known) {
        if (known !== m.checksum) opts.log?.(`warning: migration ${m.name} was modified after it was applied`);
        continue;
      }
      await client.query("BEGIN");
      try {
        const id = randomUUID();
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
          [id, m.checksum, m.name],
        );
        await client.query(m.sql);
        await client.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK");
        throw new MigrationError(`migration ${m.name} failed: ${(e as Error).message}`);
      }
      applied.push(m.name);
      opts.log?.(`applied migration ${m.name}`);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return applied;
}
