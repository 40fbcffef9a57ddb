// Integration tests get a real PostgreSQL: DATABASE_URL when set (its server must allow
// CREATE DATABASE), otherwise an embedded one in a temporary folder. A template database is
// migrated once; every test file then gets its own copy (tests/setup/file-db.ts).
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type RunningPostgres } from "../../lib/db/embedded-postgres";
import { migrateDatabase } from "../../lib/db/migrate";
import { ensureQueues } from "../../lib/jobs/boss";
import { ensureBuild } from "../../scripts/ensure-build";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, "../..");
  // Tests that start the real server need a current production build.
  await ensureBuild(root, (l) => console.log(`[test setup] ${l}`));

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-test-"));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root

  let embedded: RunningPostgres | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dataDir, database: "postgres" });
    adminUrl = embedded.url;
  }
  const templateDb = `tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${templateDb}"`);
  const tplUrl = new URL(adminUrl);
  tplUrl.pathname = `/${templateDb}`;
  await migrateDatabase({ url: tplUrl.toString() });
  // pg-boss's schema and queues too, so every copy is ready for jobs as after `npm start`.
  await ensureQueues(tplUrl.toString());
  await admin.end();

  project.provide("adminUrl", adminUrl);
  project.provide("templateDb", templateDb);
  project.provide("dataDir", dataDir);

  return async () => {
    if (embedded) await embedded.stop();
    else {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      const { rows } = await c.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`t_${process.pid}_%`]);
      for (const r of rows) await c.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
      await c.query(`DROP DATABASE IF EXISTS "${templateDb}" WITH (FORCE)`);
      await c.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
