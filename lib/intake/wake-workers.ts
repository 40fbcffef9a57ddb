// Wakes the workers' fetch loops once a batch of runs has committed: pg-boss's NOTIFY for the
// run-execute queue, sent in a transaction of its own after the batch's, instead of inside it.
// PostgreSQL serialises every transaction that notifies, from just before its commit until after
// its WAL flush (one database-wide lock, so the notification queue stays in commit order):
// batches that notified could not share an fsync, and under load the intake's batches queued on
// that lock (`Lock:object` in pg_stat_activity). A wake-up needs no durability, so it commits
// without waiting for the flush. Calls while one is being sent coalesce into one more, sent after
// it: every commit is followed by a wake-up, at most one in flight. The workers also poll (1 s),
// so a wake-up lost to a database error delays runs; it loses nothing.
import type pg from "pg";
import { BOSS_SCHEMA } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";

// pg-boss's NOTIFY channel for its schema (plans.notifyChannelSql) and the payload its own inserts send.
const NOTIFY_CHANNEL = `('pgboss_' || left(encode(sha224('${BOSS_SCHEMA}'::bytea), 'hex'), 24))`;
// Two statements in one simple query run as one implicit transaction, so SET LOCAL covers the NOTIFY.
const SQL = `SET LOCAL synchronous_commit = off; SELECT pg_notify(${NOTIFY_CHANNEL}, '${QUEUES.runExecute.name}')`;

export function createWorkerWaker(pool: pg.Pool, onError: (e: unknown) => void): () => void {
  let state: "idle" | "sending" | "again" = "idle";
  const send = () => {
    state = "sending";
    pool
      .query(SQL)
      .catch(onError)
      .finally(() => (state === "again" ? send() : (state = "idle")));
  };
  return () => {
    if (state === "idle") send();
    else state = "again";
  };
}
