// The retention settings as a settings page names them (client-safe: no env, no database): what
// each keeps, its unit, and its upper bound — the schema's, or for the deliveries log the
// operator's own limit, because the intake trims that log inline to the operator's settings
// (workspace-retention.ts), so a workspace may only keep it shorter or smaller.
import type { WorkspaceRetention } from "@/lib/retention/workspace-retention";

export type RetentionKey = keyof Required<WorkspaceRetention>;
export type RetentionValues = Record<RetentionKey, number>;

export type RetentionField = { key: RetentionKey; label: string; unit: "days" | "runs" | "entries"; what: string; cappedByOperator: boolean; max: number };

export const RETENTION_GROUPS: { title: string; fields: RetentionField[] }[] = [
  {
    title: "Runs",
    fields: [
      { key: "runDays", label: "Keep finished runs for", unit: "days", what: "Finished runs older than this are deleted with their steps.", cappedByOperator: false, max: 3650 },
      { key: "runsPerWorkflow", label: "Keep at most, per workflow", unit: "runs", what: "Older finished runs beyond the newest this many of a workflow are deleted.", cappedByOperator: false, max: 1_000_000 },
    ],
  },
  {
    title: "Step outputs",
    fields: [
      { key: "stepOutputDays", label: "Keep step outputs for", unit: "days", what: "After this, a finished run's step outputs, logs and trigger payload are cleared; its statuses and errors stay.", cappedByOperator: false, max: 3650 },
    ],
  },
  {
    title: "Deliveries log",
    fields: [
      { key: "deliveryDays", label: "Keep refused deliveries for", unit: "days", what: "Requests that made no run (refused, old webhook URL). An accepted delivery is listed as long as its run is kept.", cappedByOperator: true, max: 3650 },
      { key: "deliveriesPerWorkflow", label: "Keep at most, per workflow", unit: "entries", what: "Older entries beyond the newest this many are deleted.", cappedByOperator: true, max: 1_000_000 },
    ],
  },
];

export const RETENTION_FIELDS: RetentionField[] = RETENTION_GROUPS.flatMap((g) => g.fields);

/** "30 days", "1 run", "10,000 entries". */
export function describeRetentionValue(field: RetentionField, n: number): string {
  const unit = n === 1 ? field.unit.replace(/s$/, "") : field.unit;
  return `${n.toLocaleString("en-US")} ${unit}`;
}

/** The highest value the workspace may set: the operator's default for a capped field. */
export function retentionMax(field: RetentionField, defaults: RetentionValues): number {
  return field.cappedByOperator ? Math.min(field.max, defaults[field.key]) : field.max;
}
