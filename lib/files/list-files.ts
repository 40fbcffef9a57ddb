import { db, type Tx } from "@/lib/db/client";
import { toFileView, type FileView } from "@/lib/files/file-schema";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export type ListFilesOptions = { workspaceId: string; userId: string; tx?: Tx };

export async function listFiles({ workspaceId, userId, tx }: ListFilesOptions): Promise<FileView[]> {
  await requireWorkspaceRole(userId, workspaceId, "viewer", tx);
  // The bytes stay in the database: a listing of ten 10 MB files must not read 100 MB.
  const rows = await (tx ?? db()).file.findMany({ where: { workspaceId }, orderBy: { name: "asc" }, omit: { data: true } });
  return rows.map(toFileView);
}
