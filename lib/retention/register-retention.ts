// The worker's part of retention: the retention-prune queue's consumer and its schedule.
// boss.schedule upserts one row per (queue, key), so every worker calling it at start keeps a
// single schedule, and pg-boss's cron monitor fires it once per occurrence across workers.
import type { PgBoss } from "pg-boss";
import { env } from "@/lib/env";
import { QUEUES } from "@/lib/jobs/queues";
import { syncQueueOptions } from "@/lib/jobs/sync-queue-options";
import { logger } from "@/lib/log";
import { runRetention } from "@/lib/retention/run-retention";

export async function registerRetention({ boss }: { boss: PgBoss }): Promise<void> {
  const q = QUEUES.retentionPrune;
  await syncQueueOptions({ boss, queues: [q] });
  await boss.work(q.name, { pollingIntervalSeconds: 10 }, async () => {
    const started = Date.now();
    const counts = await runRetention();
    logger().info({ job: q.name, ...counts, ms: Date.now() - started }, "retention pass finished");
  });
  await boss.schedule(q.name, env().RETENTION_CRON, null, { tz: "UTC" });
}
