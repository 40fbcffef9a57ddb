// A run in a workspace the caller cannot see answers 404 "run not found", like a missing id;
// one they see with too low a role, 403.
import { AppError, notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { requireWorkspaceRole, type Role } from "@/lib/workspaces/access";

export async function requireRunRole(opts: { userId: string; workspaceId: string; min: Role; tx?: Tx }): Promise<Role> {
  try {
    return await requireWorkspaceRole(opts.userId, opts.workspaceId, opts.min, opts.tx);
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw notFound("run");
    throw e;
  }
}
