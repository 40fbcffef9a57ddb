import { notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export type DeleteFileOptions = { workspaceId: string; userId: string; name: string; tx?: Tx };

export async function deleteFile({ workspaceId, userId, name, tx }: DeleteFileOptions): Promise<void> {
  await requireWorkspaceRole(userId, workspaceId, "editor", tx);
  const { count } = await (tx ?? db()).file.deleteMany({ where: { workspaceId, name } });
  if (count === 0) throw notFound("file");
}
