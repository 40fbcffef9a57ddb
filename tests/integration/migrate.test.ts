import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
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

const tempDirs: string[] = [];
afterAll(() => {
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
});

/** A folder of migrations for one test, removed once this file's tests are done. */
function migrationsDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "migr-"));
  tempDirs.push(dir);
  return dir;
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
    const dir = migrationsDir();
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

describe("migration 20261122090000_accepted_deliveries_on_runs", () => {
  it("moves accepted deliveries onto their runs and keeps every other log entry", async () => {
    const url = await freshDb();
    const before = migrationsDir();
    for (const m of readMigrations().filter((m) => m.name < "20261122090000")) cpSync(`prisma/migrations/${m.name}`, `${before}/${m.name}`, { recursive: true });
    await migrateDatabase({ url, dir: before });
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`
        INSERT INTO "Workspace" (id, name, kind) VALUES ('ws', 'ws', 'provider');
        INSERT INTO "Workflow" (id, "workspaceId", name, steps, "updatedAt") VALUES ('wf', 'ws', 'wf', '[]', now());
        INSERT INTO "WebhookEndpoint" (id, "workflowId", "stepId", token) VALUES ('ep', 'wf', 's1', 'tok');
        INSERT INTO "Run" (id, "workflowId", "workspaceId", trigger) VALUES ('run1', 'wf', 'ws', '{}'), ('run2', 'wf', 'ws', '{}');
        INSERT INTO "Delivery" (id, "workflowId", "endpointId", outcome, size, "contentType", "runId") VALUES
          ('d1', 'wf', 'ep', 'accepted', 11, 'application/json', 'run1'),
          ('d2', 'wf', 'ep', 'accepted', 12, NULL, NULL),
          ('d3', 'wf', 'ep', 'invalid_signature', 13, 'text/plain', NULL);`);
      await migrateDatabase({ url });
      const runs = await c.query(`SELECT id, "deliveryEndpointId", "deliverySize", "deliveryContentType" FROM "Run" ORDER BY id`);
      expect(runs.rows).toEqual([
        { id: "run1", deliveryEndpointId: "ep", deliverySize: 11, deliveryContentType: "application/json" },
        { id: "run2", deliveryEndpointId: null, deliverySize: null, deliveryContentType: null },
      ]);
      // The accepted delivery whose run was already pruned stays a Delivery row, as do refusals.
      const left = await c.query(`SELECT id, outcome::text FROM "Delivery" ORDER BY id`);
      expect(left.rows).toEqual([{ id: "d2", outcome: "accepted" }, { id: "d3", outcome: "invalid_signature" }]);
    } finally {
      await c.end();
    }
  });
});
