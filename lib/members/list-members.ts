// The people with a role of their own in a workspace (a client's members; for a provider, its
// technicians, who act in every client with that role). Anyone who can see the workspace may
// read the list.
import { db } from "@/lib/db/client";
import { toMemberView, type MemberView } from "@/lib/members/member-schema";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export async function listMembers(opts: { workspaceId: string; userId: string }): Promise<MemberView[]> {
  await requireWorkspaceRole(opts.userId, opts.workspaceId, "viewer");
  const rows = await db().membership.findMany({
    where: { workspaceId: opts.workspaceId },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
    orderBy: [{ user: { email: "asc" } }],
  });
  return rows.map((m) => toMemberView(m.user, m));
}
