// Loads a workflow for a caller. A workflow in a workspace the caller cannot see answers
// 404 "workflow not found" exactly like a missing id, so foreign ids reveal nothing. Its steps
// hold Testing data as typed, a 64-bit id included (exact-steps.ts).
import { AppError, notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/generated/prisma/client.ts";
import { withExactSteps } from "@/lib/workflows/exact-steps";
import { requireWorkspaceRole, type Role } from "@/lib/workspaces/access";

export type LoadWorkflowOptions = {
  workflowId: string;
  userId: string;
  role: Role;
  tx?: Tx;
  /** Row lock (SELECT … FOR UPDATE) so concurrent writes to one workflow apply one after another. Needs tx. */
  lock?: boolean;
};

export async function loadWorkflow({ workflowId, userId, role, tx, lock }: LoadWorkflowOptions): Promise<Workflow> {
  const c = tx ?? db();
  // Access first, without locks: a caller of another tenant must not lock, or queue behind,
  // another tenant's rows before their 404 (a foreign id answers as a missing one).
  const seen = await c.workflow.findUnique({ where: { id: workflowId } });
  if (!seen) throw notFound("workflow");
  await requireAccess(userId, seen.workspaceId, role, tx);
  if (!lock) return withExactSteps(seen, c);
  // The workspace's row first (as the audit event's foreign key would take it), then the
  // workflow's: a client's delete holds the workspace, then its cascade takes the workflow, so the
  // other order deadlocks a write that logs an audit event (503 "send it again"). Read again once
  // locked: deleted meanwhile, both are gone once the wait ends: 404, as for a missing workflow.
  await c.$queryRaw`SELECT 1 FROM "Workspace" WHERE id = ${seen.workspaceId} FOR KEY SHARE`;
  await c.$queryRaw`SELECT 1 FROM "Workflow" WHERE id = ${workflowId} FOR UPDATE`;
  const workflow = await c.workflow.findUnique({ where: { id: workflowId } });
  if (!workflow) throw notFound("workflow");
  return withExactSteps(workflow, c);
}

async function requireAccess(userId: string, workspaceId: string, role: Role, tx?: Tx): Promise<void> {
  try {
    await requireWorkspaceRole(userId, workspaceId, role, tx);
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw notFound("workflow");
    throw e;
  }
}
