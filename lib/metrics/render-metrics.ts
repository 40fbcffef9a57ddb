// GET /metrics body: this process's intake figures plus the cluster-wide database figures.
// A database that does not answer is reported as msp_flow_db_up 0 rather than a failed scrape,
// so the in-process figures stay visible while Postgres is down.
import { readDbMetrics, STEP_BUCKETS, WINDOW_SECONDS } from "@/lib/metrics/read-db-metrics";
import { readIntakeMetrics } from "@/lib/metrics/intake-latency";
import { PromText } from "@/lib/metrics/prom-text";

const DB_TIMEOUT_MS = 5_000;

export async function renderMetrics(): Promise<string> {
  const out = new PromText();
  const intake = readIntakeMetrics();
  out.family("msp_flow_intake_request_duration_seconds", "histogram", "Time to answer POST /hooks/<token> in this web process.");
  out.histogram("msp_flow_intake_request_duration_seconds", {}, intake);
  out.family("msp_flow_intake_responses_total", "counter", "Intake answers of this web process by HTTP status.");
  for (const [status, n] of intake.byStatus) out.sample("msp_flow_intake_responses_total", { status: String(status) }, n);

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), DB_TIMEOUT_MS)));
  const dbm = await Promise.race([readDbMetrics(), timeout]).catch(() => null).finally(() => clearTimeout(timer));
  out.family("msp_flow_db_up", "gauge", "1 when the database answered this scrape.").sample("msp_flow_db_up", {}, dbm ? 1 : 0);
  if (!dbm) return out.toString();

  out.family("msp_flow_runs", "gauge", "Runs stored, by status.");
  for (const r of dbm.runs) out.sample("msp_flow_runs", { status: r.status }, r.n);
  out.family("msp_flow_deliveries_recent", "gauge", `Deliveries logged in the last ${WINDOW_SECONDS} s, by outcome (all web processes).`);
  for (const d of dbm.deliveries) out.sample("msp_flow_deliveries_recent", { outcome: d.outcome }, d.n);
  out.family("msp_flow_step_duration_seconds", "histogram", `Duration of steps finished in the last ${WINDOW_SECONDS} s, by kind.`);
  for (const s of dbm.steps) out.histogram("msp_flow_step_duration_seconds", { kind: s.kind }, { bounds: STEP_BUCKETS, ...s });
  out.family("msp_flow_queue_jobs", "gauge", "pg-boss jobs by queue and state (as of the workers' last monitor pass).");
  for (const q of dbm.queues) {
    for (const state of ["queued", "ready", "active", "deferred", "failed"] as const) out.sample("msp_flow_queue_jobs", { queue: q.name, state }, q[state]);
  }
  out.family("msp_flow_worker_heartbeat_age_seconds", "gauge", "Seconds since each worker process last wrote its heartbeat.");
  for (const h of dbm.heartbeats) out.sample("msp_flow_worker_heartbeat_age_seconds", { worker: h.id }, Math.max(0, h.age));
  return out.toString();
}
