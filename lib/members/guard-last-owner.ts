// A provider workspace must keep an owner of its own: nobody else can manage it (a client's
// provider owners always can manage the client, so clients need no such guard). Callers hold
// lockWorkspaceMembers, so the count cannot change before they commit.
import type { Tx } from "@/lib/db/client";
import { conflict } from "@/lib/api/errors";

export async function guardLastOwner(opts: { tx: Tx; workspaceId: string; leavingUserId: string }): Promise<void> {
  const ws = await opts.tx.workspace.findUnique({ where: { id: opts.workspaceId }, select: { kind: true } });
  if (ws?.kind !== "provider") return;
  const others = await opts.tx.membership.count({ where: { workspaceId: opts.workspaceId, role: "owner", userId: { not: opts.leavingUserId } } });
  if (others === 0) throw conflict("last_owner", "this is the workspace's last owner; make someone else owner first");
}
