// Request bodies and the view of workspace members and workspaces, shared by the routes, the
// domain functions and the pages. Strict, like every write body: a misspelt field ("nmae") is a
// 400 naming it (lib/api/handler.ts), not dropped while the request succeeds without it.
import { z } from "@/lib/z";

export const ROLES = ["owner", "editor", "viewer"] as const;
export const roleSchema = z.enum(ROLES);

export const WorkspaceNameBody = z.object({ name: z.string().trim().min(1, "give the workspace a name").max(100) }).strict();

export const AddMemberBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("not a valid e-mail address")).pipe(z.string().max(320)),
  name: z.string().trim().min(1).max(100).optional(),
  role: roleSchema,
}).strict();
export type AddMemberInput = z.infer<typeof AddMemberBody>;

export const ChangeRoleBody = z.object({ role: roleSchema }).strict();

export type MemberView = { userId: string; email: string; name: string; role: (typeof ROLES)[number]; addedAt: string };

type Role = (typeof ROLES)[number];

/**
 * A row of the members list: the member's own role, the role they act with here (a client's
 * member who is also in its provider acts with the higher of the two: `viaProvider`), and
 * whether the caller may reset their password, with the reason when not.
 */
export type MemberListView = MemberView & { effectiveRole: Role; viaProvider: boolean; canResetPassword: boolean; resetPasswordRefusal: string | null };

/** The provider's members who act in one of its clients without a role of their own there. */
export type ProviderStaffView = { id: string; name: string; members: MemberView[] };

/** A membership row and its user as the API shows them. */
export function toMemberView(user: { id: string; email: string; name: string }, membership: { role: MemberView["role"]; createdAt: Date }): MemberView {
  return { userId: user.id, email: user.email, name: user.name, role: membership.role, addedAt: membership.createdAt.toISOString() };
}
