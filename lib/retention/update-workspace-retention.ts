// Reads and sets a workspace's retention overrides (owner role to change, viewer to read).
import { recordUserEvent } from "@/lib/audit/record-user-event";
import { notFound } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { unlessRowGone } from "@/lib/db/parent-gone";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import { retentionSettings } from "@/lib/retention/run-retention";
import {
  assertWithinOperatorLimits,
  effectiveRetention,
  readWorkspaceRetention,
  type WorkspaceRetention,
} from "@/lib/retention/workspace-retention";

export type RetentionView = { overrides: WorkspaceRetention; effective: Omit<ReturnType<typeof retentionSettings>, "batchSize"> };

function toView(overrides: WorkspaceRetention): RetentionView {
  const e = effectiveRetention(retentionSettings(), overrides);
  const effective = { runDays: e.runDays, runsPerWorkflow: e.runsPerWorkflow, stepOutputDays: e.stepOutputDays, deliveryDays: e.deliveryDays, deliveriesPerWorkflow: e.deliveriesPerWorkflow };
  return { overrides, effective };
}

export async function getWorkspaceRetention(opts: { workspaceId: string; userId: string }): Promise<RetentionView> {
  await requireWorkspaceRole(opts.userId, opts.workspaceId, "viewer");
  const ws = await db().workspace.findUniqueOrThrow({ where: { id: opts.workspaceId }, select: { retention: true } });
  return toView(readWorkspaceRetention(ws.retention));
}

/** Replaces the overrides; an empty object returns the workspace to the operator's defaults. */
export async function updateWorkspaceRetention(opts: { workspaceId: string; userId: string; overrides: WorkspaceRetention }): Promise<RetentionView> {
  await requireWorkspaceRole(opts.userId, opts.workspaceId, "owner");
  assertWithinOperatorLimits(retentionSettings(), opts.overrides);
  const empty = Object.keys(opts.overrides).length === 0;
  // The workspace deleted meanwhile: the update finds no row (P2025); its 404, as once it is gone.
  await unlessRowGone("workspaceId", () => notFound("workspace"), () => db().$transaction(async (tx) => {
    const before = await tx.workspace.findUniqueOrThrow({ where: { id: opts.workspaceId }, select: { retention: true } });
    await tx.workspace.update({
      where: { id: opts.workspaceId },
      data: { retention: empty ? Prisma.DbNull : (opts.overrides as Prisma.InputJsonValue) },
    });
    await recordUserEvent({ workspaceId: opts.workspaceId, userId: opts.userId, action: "retention_changed", details: { from: readWorkspaceRetention(before.retention), to: opts.overrides }, tx });
  }));
  return toView(opts.overrides);
}
