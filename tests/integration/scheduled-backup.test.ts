// Scheduled backups (BACKUP_CRON) by a worker beside its embedded database, as npm start runs it:
// the worker keeps a pg-boss schedule; each firing writes a real backup into DATA_DIR/backups and
// deletes the oldest scheduled ones beyond BACKUP_KEEP, never a backup taken by hand. A worker not
// beside the embedded database leaves the schedule alone and says why; BACKUP_CRON unset removes it.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type RunningPostgres } from "@/lib/db/embedded-postgres";
import { migrateDatabase } from "@/lib/db/migrate";
import { createBoss, ensureQueues } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { eventually, startWorker, type Service } from "../helpers/services";

const scratch = mkdtempSync(path.join(os.tmpdir(), "mspflow-scheduled-backup-"));
chmodSync(scratch, 0o755); // PostgreSQL runs as the postgres user when we are root
const dataDir = path.join(scratch, "data");
const backups = path.join(dataDir, "backups");
const key = randomBytes(32).toString("hex");
let server: RunningPostgres;
const workers: Service[] = [];

async function schedules(): Promise<{ name: string; cron: string }[]> {
  const c = new pg.Client({ connectionString: server.url });
  await c.connect();
  try {
    return (await c.query<{ name: string; cron: string }>("SELECT name, cron FROM pgboss.schedule WHERE name = $1", [QUEUES.dbBackup.name])).rows;
  } finally {
    await c.end();
  }
}

async function worker(env: Record<string, string>): Promise<Service> {
  const w = await startWorker({ DATABASE_URL: server.url, DATA_DIR: dataDir, SECRET_KEY: key, WORKER_CONCURRENCY: "1", ...env }, (s) => workers.push(s));
  return w;
}

beforeAll(async () => {
  server = await startEmbeddedPostgres({ dataDir, database: "app" });
  await migrateDatabase({ url: server.url });
  await ensureQueues(server.url);
});

afterAll(async () => {
  await Promise.allSettled(workers.map((w) => w.stop()));
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe("scheduled backups", () => {
  it("a worker beside the embedded database schedules BACKUP_CRON; a firing writes a backup and keeps BACKUP_KEEP of them", async () => {
    mkdirSync(backups, { recursive: true });
    const old = ["20200101-000000", "20200102-000000", "20200103-000000"].map((t) => `msp-flow-scheduled-${t}.tar.gz`);
    for (const f of old) writeFileSync(path.join(backups, f), "an older scheduled backup");
    writeFileSync(path.join(backups, "msp-flow-20190101-000000.tar.gz"), "taken by hand");

    const w = await worker({ EMBEDDED_POSTGRES: "true", BACKUP_CRON: "30 2 * * *", BACKUP_KEEP: "2" });
    expect(await schedules()).toEqual([{ name: "db-backup", cron: "30 2 * * *" }]);

    // Fire it now rather than wait for 02:30 (the schedule sends exactly this job).
    const boss = createBoss("producer", server.url);
    await boss.start();
    await boss.send(QUEUES.dbBackup.name, null);
    await boss.stop({ graceful: false });
    await eventually(async () => /scheduled backup written/.test(w.output()), 60_000, "the scheduled backup");

    const files = readdirSync(backups).sort();
    const fresh = files.find((f) => /^msp-flow-scheduled-\d{8}-\d{6}\.tar\.gz$/.test(f) && !old.includes(f));
    expect(fresh).toBeDefined();
    // Two scheduled ones left (the newest old one and the new one); the hand-made one untouched.
    expect(files).toEqual(["msp-flow-20190101-000000.tar.gz", old[2], fresh].sort());
    // A real backup: the data directory and the backup's own description.
    const listing = execFileSync("tar", ["-tzf", path.join(backups, fresh!)], { encoding: "utf8" }).split("\n");
    expect(listing).toEqual(expect.arrayContaining(["postgres/PG_VERSION", "msp-flow/backup.json"]));
    await w.stop();
  });

  it("a worker not beside the embedded database leaves the schedule and says so; BACKUP_CRON unset removes it", async () => {
    const boss = createBoss("producer", server.url);
    await boss.start();
    await boss.schedule(QUEUES.dbBackup.name, "30 2 * * *", null, { tz: "UTC" });
    await boss.stop({ graceful: false });
    const elsewhere = await worker({ EMBEDDED_POSTGRES: "false", BACKUP_CRON: "0 4 * * *" });
    expect(elsewhere.output()).toMatch(/BACKUP_CRON is set, but this worker does not run beside the embedded database/);
    expect(await schedules()).toEqual([{ name: "db-backup", cron: "30 2 * * *" }]);
    await elsewhere.stop();

    const off = await worker({ EMBEDDED_POSTGRES: "true", BACKUP_CRON: "" });
    expect(await schedules()).toEqual([]);
    await off.stop();
    expect(existsSync(backups)).toBe(true);
  });
});
