import { notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { toFileView, type FileView } from "@/lib/files/file-schema";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export type GetFileOptions = { workspaceId: string; userId: string; name: string; tx?: Tx };

export async function getFile({ workspaceId, userId, name, tx }: GetFileOptions): Promise<{ file: FileView; data: Buffer }> {
  await requireWorkspaceRole(userId, workspaceId, "viewer", tx);
  const row = await (tx ?? db()).file.findUnique({ where: { workspaceId_name: { workspaceId, name } } });
  if (!row) throw notFound("file");
  return { file: toFileView(row), data: Buffer.from(row.data) };
}
