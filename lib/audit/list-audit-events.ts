// The audit log of a workspace, newest first. A provider's log also holds its clients' events
// (pushes land in the client's log), so the provider sees every push, review and go-live, and the
// events of clients it has deleted (kept under the provider, shown as in "<name> (deleted)").
// Older pages continue from a cursor, the same "<time>_<id>" one as the deliveries log's: many
// events share a time (those of one transaction do), so the id breaks the tie. A year of a busy
// MSP is thousands of events: `what` (a group of actions, audit-groups.ts), `actor` (part of the
// e-mail of who did it) and `workflowId` narrow it, and pages continue within the filter. An
// event about a step (its `stepId`: a webhook secret, an account chosen) also gets that step,
// `step: {number, name}`, so the page can say "step 2 (Create ticket)" rather than an internal
// id: as it was when the event was recorded (record-audit-event.ts keeps it), or — for an event
// recorded before steps were kept — as the workflow has it now (null once deleted).
import { z } from "@/lib/z";
import { actionsOf, AUDIT_GROUPS, type AuditGroup } from "@/lib/audit/audit-groups";
import type { AuditStep } from "@/lib/audit/describe-audit-event";
import { findStepNames, type StepName } from "@/lib/audit/find-step-names";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { deliveriesCursorAfter, type DeliveriesCursor } from "@/lib/workflows/deliveries-cursor";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export type AuditEventView = {
  id: string;
  workspaceId: string;
  workspaceName: string;
  workflowId: string | null;
  actor: { id: string | null; email: string | null };
  action: string;
  details: Record<string, unknown>;
  /** Only for an event with a `details.stepId`: that step when the event was recorded; for an older event, in its workflow now (null when gone). */
  step?: AuditStep;
  at: string;
};

/** The filters as the API and the page read them from the query string. */
export const AuditFilterQuery = z.object({
  /** "" (the page's "Everything") is no filter. */
  what: z.preprocess((v) => (v === "" ? undefined : v), z.enum(Object.keys(AUDIT_GROUPS) as [AuditGroup, ...AuditGroup[]]).optional()),
  actor: z.string().trim().max(200).optional(),
  workflowId: z.string().trim().max(200).optional(),
});
export type AuditFilter = z.output<typeof AuditFilterQuery>;

export type ListAuditEventsOptions = { workspaceId: string; userId: string; limit?: number; before?: DeliveriesCursor | null; filter?: AuditFilter; tx?: Tx };

/** A page of the log, newest first; `nextBefore` continues it (null when nothing older is left). */
export async function listAuditEvents({ workspaceId, userId, limit = 100, before = null, filter = {}, tx }: ListAuditEventsOptions): Promise<{ events: AuditEventView[]; nextBefore: string | null }> {
  const c = tx ?? db();
  await requireWorkspaceRole(userId, workspaceId, "viewer", tx);
  const ws = await c.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { kind: true, clients: { select: { id: true } } } });
  const ids = [workspaceId, ...(ws.kind === "provider" ? ws.clients.map((x) => x.id) : [])];
  const rows = await c.auditEvent.findMany({
    where: { workspaceId: { in: ids }, ...olderThan(before), ...narrowedTo(filter) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    include: { workspace: { select: { name: true } } },
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const workflowIds = [...new Set(page.flatMap((r) => (r.workflowId && stepIdOf(r) && !recordedStep(r) ? [r.workflowId] : [])))];
  const steps = await findStepNames({ workflowIds, tx });
  return { events: page.map((r) => toView(r, steps)), nextBefore: rows.length > limit && last ? deliveriesCursorAfter({ receivedAt: last.createdAt, id: last.id }) : null };
}

const narrowedTo = ({ what, actor, workflowId }: AuditFilter): Prisma.AuditEventWhereInput => ({
  ...(what ? { action: { in: actionsOf(what) } } : {}),
  // `contains` is a LIKE: "_" and "%" in an e-mail are letters here, not wildcards.
  ...(actor ? { actorEmail: { contains: actor.replace(/[\\%_]/g, "\\$&"), mode: "insensitive" as const } } : {}),
  ...(workflowId ? { workflowId } : {}),
});

const olderThan = (c: DeliveriesCursor | null) =>
  !c ? {} : c.id === null ? { createdAt: { lt: c.at } } : { OR: [{ createdAt: { lt: c.at } }, { createdAt: c.at, id: { lt: c.id } }] };

const stepIdOf = (r: Pick<AuditRow, "details">) => {
  const id = (r.details as { stepId?: unknown } | null)?.stepId;
  return typeof id === "string" ? id : null;
};

/** The step as recorded with the event (record-audit-event.ts), if it was. */
const recordedStep = (r: Pick<AuditRow, "details">): StepName | null => {
  const s = (r.details as { step?: unknown } | null)?.step as Partial<StepName> | undefined;
  return s && typeof s.number === "number" && typeof s.name === "string" ? { number: s.number, name: s.name } : null;
};

type AuditRow = { id: string; workspaceId: string; workflowId: string | null; actorId: string | null; actorEmail: string | null; action: string; details: unknown; createdAt: Date; workspace: { name: string } };

function toView(r: AuditRow, steps: Map<string, StepName>): AuditEventView {
  const stepId = stepIdOf(r);
  // `step` is given on its own below, not twice.
  const { deletedClient, step: _recorded, ...details } = (r.details ?? {}) as Record<string, unknown> & { deletedClient?: { id: string; name: string } };
  return {
    id: r.id,
    workspaceId: deletedClient?.id ?? r.workspaceId,
    workspaceName: deletedClient ? `${deletedClient.name} (deleted)` : r.workspace.name,
    workflowId: r.workflowId,
    actor: { id: r.actorId, email: r.actorEmail },
    action: r.action,
    details,
    ...(stepId ? { step: recordedStep(r) ?? ((r.workflowId && steps.get(`${r.workflowId} ${stepId}`)) || null) } : {}),
    at: r.createdAt.toISOString(),
  };
}
