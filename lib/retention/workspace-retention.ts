// Retention per workspace: the operator's settings (lib/env.ts) are the defaults, and a workspace
// owner may override them for their workspace. The deliveries log may only be kept shorter or
// smaller than the operator's limits, because the intake trims it inline to those limits.
import { z } from "@/lib/z";
import { badRequest } from "@/lib/api/errors";
import type { RetentionSettings } from "@/lib/retention/prune-workflow-history";

export const workspaceRetentionSchema = z
  .object({
    runDays: z.number().int().min(1).max(3650).optional(),
    runsPerWorkflow: z.number().int().min(1).max(1_000_000).optional(),
    stepOutputDays: z.number().int().min(1).max(3650).optional(),
    deliveryDays: z.number().int().min(1).max(3650).optional(),
    deliveriesPerWorkflow: z.number().int().min(1).max(1_000_000).optional(),
  })
  .strict();
export type WorkspaceRetention = z.infer<typeof workspaceRetentionSchema>;

/** The stored overrides, tolerant of anything unreadable (treated as no override). */
export function readWorkspaceRetention(stored: unknown): WorkspaceRetention {
  const parsed = workspaceRetentionSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
}

export function effectiveRetention(defaults: RetentionSettings, overrides: WorkspaceRetention): RetentionSettings {
  return { ...defaults, ...overrides };
}

// Shaped like the schema's own 400s (lib/api/handler.ts): message "path: problem", the field to
// fix, and an issues list. Without `field` a form or script could not tell which value was refused.
const overLimit = (path: string, message: string) => badRequest(`${path}: ${message}`, { field: path, issues: [{ path, message }] });

export function assertWithinOperatorLimits(defaults: RetentionSettings, overrides: WorkspaceRetention): void {
  if (overrides.deliveryDays !== undefined && overrides.deliveryDays > defaults.deliveryDays) {
    throw overLimit("deliveryDays", `at most ${defaults.deliveryDays} (the operator's DELIVERY_RETENTION_DAYS)`);
  }
  if (overrides.deliveriesPerWorkflow !== undefined && overrides.deliveriesPerWorkflow > defaults.deliveriesPerWorkflow) {
    throw overLimit("deliveriesPerWorkflow", `at most ${defaults.deliveriesPerWorkflow} (the operator's DELIVERY_RETENTION_MAX)`);
  }
}
