import { describe, expect, it } from "vitest";
import pg from "pg";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { migrateDatabase, readMigrations } from "@/lib/db/migrate";
import { inject } from "vitest";

async function freshDb(): Promise<string> {
  const admin = new pg.Client({ connectionString: inject("adminUrl") });
  await admin.connect();
  const name = `t_${process.ppid}_m${Math.random().toString(36).slice(2, 10)}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(inject("adminUrl"));
  u.pathname = `/${name}`;
  return u.toString();
}

describe("migration runner", () => {
  it("records each migration as Prisma Migrate does, with the sha256 of the file", async () => {
    const url = await freshDb();
    const applied = await migrateDatabase({ url });
    expect(applied).toEqual(readMigrations().map((m) => m.name));
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query(`SELECT * FROM "_prisma_migrations" ORDER BY migration_name`);
    await c.end();
    const first = rows[0];
    expect(Object.keys(first).sort()).toEqual(
      ["applied_steps_count", "checksum", "finished_at", "id", "logs", "migration_name", "rolled_back_at", "started_at"].sort(),
    );
    const file = readFileSync(`prisma/migrations/${first.migration_name}/migration.sql`);
    expect(first.checksum).toBe(createHash("sha256").update(file).digest("hex"));
    expect(first.finished_at).toBeInstanceOf(Date);
    expect(first.applied_steps_count).toBe(1);
    expect(await migrateDatabase({ url })).toEqual([]);
  });

  it("is safe when several processes migrate the same database at once", async () => {
    const url = await freshDb();
    const results = await Promise.all(Array.from({ length: 4 }, () => migrateDatabase({ url })));
    const names = results.flat();
    expect(names).toEqual(readMigrations().map((m) => m.name)); // each applied exactly once
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query(`SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY 1`);
    await c.end();
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });

  it("rolls a failing migration back whole and refuses to go on", async () => {
    const url = await freshDb();
    const { mkdtempSync, mkdirSync, writeFileSync } = await import("node:fs");
    const dir = mkdtempSync("/tmp/migr-");
    mkdirSync(`${dir}/20200101000000_ok`);
    writeFileSync(`${dir}/20200101000000_ok/migration.sql`, `CREATE TABLE a (id int);`);
    mkdirSync(`${dir}/20200102000000_bad`);
    writeFileSync(`${dir}/20200102000000_bad/migration.sql`, `CREATE TABLE b (id int);\nSELECT nope FROM missing;`);
    await expect(migrateDatabase({ url, dir })).rejects.toThrow(/20200102000000_bad failed/);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query(`SELECT to_regclass('a') AS a, to_regclass('b') AS b`);
    await c.end();
    expect(rows[0]).toEqual({ a: "a", b: null });
  });
});
