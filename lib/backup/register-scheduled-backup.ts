// The worker's part of scheduled backups: the db-backup queue's consumer and its schedule, on a
// worker started by npm start beside the embedded database (EMBEDDED_POSTGRES) — the only kind
// that can read its data directory. Such a worker schedules BACKUP_CRON, or removes the schedule
// when BACKUP_CRON is unset, so turning it off takes effect at the next start. Any other worker
// leaves the schedule alone: a DATABASE_URL database is backed up with its own tools.
import type { PgBoss } from "pg-boss";
import { runScheduledBackup } from "@/lib/backup/run-scheduled-backup";
import { databaseUrl, env } from "@/lib/env";
import { QUEUES } from "@/lib/jobs/queues";
import { syncQueueOptions } from "@/lib/jobs/sync-queue-options";
import { errorMessage, logger } from "@/lib/log";

export async function registerScheduledBackup({ boss }: { boss: PgBoss }): Promise<void> {
  const { BACKUP_CRON, BACKUP_KEEP, EMBEDDED_POSTGRES, DATA_DIR } = env();
  const q = QUEUES.dbBackup;
  if (!EMBEDDED_POSTGRES) {
    if (BACKUP_CRON) logger().warn({ component: "backup" }, "BACKUP_CRON is set, but this worker does not run beside the embedded database: no scheduled backups (back up a DATABASE_URL database with its own tools)");
    return;
  }
  await syncQueueOptions({ boss, queues: [q] });
  if (!BACKUP_CRON) {
    await boss.unschedule(q.name);
    return;
  }
  await boss.work(q.name, { pollingIntervalSeconds: 30 }, async () => {
    const started = Date.now();
    try {
      const b = await runScheduledBackup({ dataDir: DATA_DIR, url: databaseUrl(), keep: BACKUP_KEEP });
      logger().info({ component: "backup", file: b.file, bytes: b.bytes, files: b.files, walSegments: b.walSegments, deleted: b.deleted, ms: Date.now() - started }, "scheduled backup written");
    } catch (e) {
      logger().error({ component: "backup", err: errorMessage(e), ms: Date.now() - started }, "scheduled backup failed");
      throw e; // retried once (the queue's retryLimit)
    }
  });
  await boss.schedule(q.name, BACKUP_CRON, null, { tz: "UTC" });
}
