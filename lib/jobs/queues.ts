// Every pg-boss queue, its options and its payload schema, declared once and imported by
// producers (web, intake) and consumers (worker). Handlers re-parse their payload.
import { z } from "@/lib/z";

export const runExecutePayload = z.object({ runId: z.string().min(1) });
export type RunExecutePayload = z.infer<typeof runExecutePayload>;

/** A Scheduler trigger fired (sent by the pg-boss schedule named after the workflow). */
export const schedulerFirePayload = z.object({ workflowId: z.string().min(1) });
export type SchedulerFirePayload = z.infer<typeof schedulerFirePayload>;

/** A live run ended failed: tell its workspace's failure-alert webhook (lib/failure-alerts). */
export const failureAlertPayload = z.object({ runId: z.string().min(1) });

export const QUEUES = {
  /** Dead letters of run-execute: a job out of attempts whose run never ended, because every
   *  worker that took it died mid-run. Declared first: run-execute names it, so it must exist. */
  runDeadLetter: {
    name: "run-execute-dead",
    options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  },
  /** Execute (or continue) one run. A worker killed mid-run stops heartbeating; after
   *  heartbeatSeconds (+ the worker's 5 s monitor pass) the job is retried on another worker,
   *  which continues from the last completed step. expireInSeconds only bounds one attempt. */
  runExecute: {
    name: "run-execute",
    options: { retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: 15 * 60, heartbeatSeconds: 10, deadLetter: "run-execute-dead" },
  },
  /** Check one workflow's schedule now (lib/triggers/fire-due-schedules.ts): makes the runs of
   *  its due occurrences, if any. Also what per-workflow pg-boss schedules of earlier versions
   *  sent, until the worker's start removes them. */
  schedulerFire: {
    name: "scheduler-fire",
    options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 5 * 60 },
  },
  /** The per-minute check of every Live schedule, from one pg-boss schedule (* * * * *) that
   *  fires once across all workers. "singleton": one pass at a time; a pass that overlaps
   *  another would only wait on its locks. */
  schedulerTick: {
    name: "scheduler-tick",
    options: { policy: "singleton", retryLimit: 3, retryDelay: 2, expireInSeconds: 5 * 60 },
  },
  /** One retention pass (lib/retention), fired by a pg-boss schedule. "exclusive": at most one
   *  pass queued or active across all workers, so slow passes never pile up. */
  retentionPrune: {
    name: "retention-prune",
    options: { policy: "exclusive", retryLimit: 1, retryDelay: 60, expireInSeconds: 60 * 60 },
  },
  /** A scheduled backup of the embedded database (lib/backup), fired by BACKUP_CRON. "exclusive":
   *  one at a time; a failed one is tried once more after 5 minutes. */
  dbBackup: {
    name: "db-backup",
    options: { policy: "exclusive", retryLimit: 1, retryDelay: 300, expireInSeconds: 2 * 60 * 60 },
  },
  /** One failure alert (lib/failure-alerts/send-failure-alert.ts): an endpoint that is down or
   *  answers 5xx gets it again after 10 s, 20 s, 40 s … (5 tries). */
  failureAlert: {
    name: "failure-alert",
    options: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
  },
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]["name"];
