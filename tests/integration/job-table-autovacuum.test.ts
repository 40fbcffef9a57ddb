// ensureQueues leaves every job table of our queues with early, unthrottled autovacuum
// (lib/jobs/tune-job-tables.ts); the test database was prepared by ensureQueues.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOSS_SCHEMA } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { JOB_TABLE_AUTOVACUUM, tuneJobTables } from "@/lib/jobs/tune-job-tables";

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
beforeAll(() => client.connect());
afterAll(() => client.end());

const options = async () => {
  const { rows } = await client.query<{ table_name: string; reloptions: string[] | null }>(
    `SELECT DISTINCT q.table_name, c.reloptions FROM ${BOSS_SCHEMA}.queue q
       JOIN pg_class c ON c.relname = q.table_name JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = $2
      WHERE q.name = ANY($1::text[]) ORDER BY 1`,
    [Object.values(QUEUES).map((q) => q.name), BOSS_SCHEMA],
  );
  return rows;
};

describe("job tables' autovacuum", () => {
  it("is set on the table of every queue, and setting it again changes nothing", async () => {
    const want = Object.entries(JOB_TABLE_AUTOVACUUM).map(([k, v]) => `${k}=${v}`).sort();
    const before = await options();
    expect(before.length).toBeGreaterThan(0);
    for (const t of before) expect([...(t.reloptions ?? [])].sort(), t.table_name).toEqual(want);
    expect((await tuneJobTables(process.env.DATABASE_URL!)).sort()).toEqual(before.map((t) => t.table_name).sort());
    expect(await options()).toEqual(before);
  });
});
