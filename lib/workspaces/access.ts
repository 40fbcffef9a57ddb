// Tenancy rules. A provider workspace owns client workspaces. A member of the provider acts in
// its clients with the role they hold in the provider; a client member only in that client.
// Anything the caller may not see answers 404, as if it did not exist.
import { db, type Tx } from "@/lib/db/client";
import { forbidden, notFound } from "@/lib/api/errors";

export type Role = "owner" | "editor" | "viewer";
const RANK: Record<Role, number> = { viewer: 1, editor: 2, owner: 3 };

export type WorkspaceSummary = { id: string; name: string; kind: "provider" | "client"; providerId: string | null };
export type WorkspaceAccess = WorkspaceSummary & { role: Role };

export async function listAccessibleWorkspaces(userId: string, tx?: Tx): Promise<WorkspaceAccess[]> {
  const c = tx ?? db();
  const memberships = await c.membership.findMany({
    where: { userId },
    include: { workspace: { include: { clients: true } } },
  });
  const out = new Map<string, WorkspaceAccess>();
  const add = (w: WorkspaceSummary, role: Role) => {
    const prev = out.get(w.id);
    if (!prev || RANK[role] > RANK[prev.role]) out.set(w.id, { id: w.id, name: w.name, kind: w.kind, providerId: w.providerId, role });
  };
  for (const m of memberships) {
    add(m.workspace, m.role);
    if (m.workspace.kind === "provider") for (const c of m.workspace.clients) add(c, m.role);
  }
  return [...out.values()].sort((a, b) =>
    a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "provider" ? -1 : 1,
  );
}

/** The caller's effective role in a workspace, or null when they have none. */
export async function workspaceRole(userId: string, workspaceId: string, tx?: Tx): Promise<Role | null> {
  const c = tx ?? db();
  const ws = await c.workspace.findUnique({ where: { id: workspaceId }, select: { id: true, providerId: true } });
  if (!ws) return null;
  const ids = ws.providerId ? [ws.id, ws.providerId] : [ws.id];
  const ms = await c.membership.findMany({ where: { userId, workspaceId: { in: ids } }, select: { role: true } });
  return ms.reduce<Role | null>((best, m) => (!best || RANK[m.role] > RANK[best] ? m.role : best), null);
}

/** Throws 404 when the caller cannot see the workspace, 403 when their role is too low. */
export async function requireWorkspaceRole(userId: string, workspaceId: string, min: Role, tx?: Tx): Promise<Role> {
  const role = await workspaceRole(userId, workspaceId, tx);
  if (!role) throw notFound("workspace");
  requireRank(role, min);
  return role;
}

/** Throws 403 when a role already found is below `min` (for a caller that checks more in between). */
export function requireRank(role: Role, min: Role): void {
  if (RANK[role] < RANK[min]) throw forbidden(`this needs the ${min} role in the workspace; you have ${role}`);
}
