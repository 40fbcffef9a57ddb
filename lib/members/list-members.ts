// The people with a role of their own in a workspace (a client's members; for a provider, its
// technicians, who act in every client with that role), and for a client also who else has
// access: its provider's members, who act there with their provider role. A client's member who
// is also in the provider shows the role they really act with. Anyone who can see the workspace
// may read the list; each row says whether the caller may reset that person's password, by the
// reset's own rule (find-reset-password-refusals.ts).
import { db, type Tx } from "@/lib/db/client";
import { findResetPasswordRefusals } from "@/lib/members/find-reset-password-refusals";
import { ROLES, toMemberView, type MemberListView, type ProviderStaffView } from "@/lib/members/member-schema";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

type Role = (typeof ROLES)[number];
const higher = (a: Role, b: Role | undefined): Role => (b && ROLES.indexOf(b) < ROLES.indexOf(a) ? b : a);

const MEMBER = { role: true, createdAt: true, user: { select: { id: true, email: true, name: true, createdInWorkspaceId: true } } } as const;

export async function listMembers(opts: { workspaceId: string; userId: string }): Promise<{ members: MemberListView[]; provider: ProviderStaffView | null }> {
  return db().$transaction(async (tx: Tx) => {
    await requireWorkspaceRole(opts.userId, opts.workspaceId, "viewer", tx);
    const ws = await tx.workspace.findUniqueOrThrow({ where: { id: opts.workspaceId }, select: { provider: { select: { id: true, name: true } } } });
    const byEmail = { orderBy: [{ user: { email: "asc" as const } }], select: MEMBER };
    const rows = await tx.membership.findMany({ where: { workspaceId: opts.workspaceId }, ...byEmail });
    const staff = ws.provider ? await tx.membership.findMany({ where: { workspaceId: ws.provider.id }, ...byEmail }) : [];
    const viaProvider = new Map(staff.map((m) => [m.user.id, m.role]));
    const refusals = await findResetPasswordRefusals({ actorId: opts.userId, workspaceId: opts.workspaceId, accounts: rows.map((m) => m.user), tx });
    const members = rows.map((m) => {
      const effectiveRole = higher(m.role, viaProvider.get(m.user.id));
      const refusal = refusals.get(m.user.id) ?? null;
      return { ...toMemberView(m.user, m), effectiveRole, viaProvider: effectiveRole !== m.role, canResetPassword: refusal === null, resetPasswordRefusal: refusal };
    });
    const own = new Set(rows.map((m) => m.user.id));
    const provider = ws.provider && { ...ws.provider, members: staff.filter((m) => !own.has(m.user.id)).map((m) => toMemberView(m.user, m)) };
    return { members, provider };
  });
}
