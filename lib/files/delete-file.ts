// Deleting a file that a workflow reads ({{ files.NAME }}) makes that step fail at run time; so
// it is refused (409 file_in_use, naming the workflows) unless `force`. The check and the delete
// share a transaction with the file's row locked.
import { notFound } from "@/lib/api/errors";
import { recordUserEvent } from "@/lib/audit/record-user-event";
import { db, type Tx } from "@/lib/db/client";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import { assertResourceUnused } from "@/lib/workspaces/assert-resource-unused";

export type DeleteFileOptions = { workspaceId: string; userId: string; name: string; force?: boolean; tx?: Tx };

export async function deleteFile({ workspaceId, userId, name, force = false, tx }: DeleteFileOptions): Promise<void> {
  const write = async (t: Tx) => {
    await requireWorkspaceRole(userId, workspaceId, "editor", t);
    const [row] = await t.$queryRaw<{ id: string }[]>`
      SELECT id FROM "File" WHERE "workspaceId" = ${workspaceId} AND name = ${name} FOR UPDATE`;
    if (!row) throw notFound("file");
    await assertResourceUnused({ workspaceId, kind: "files", key: name, force, tx: t });
    await t.file.delete({ where: { id: row.id } });
    await recordUserEvent({ workspaceId, userId, action: "file_deleted", details: { name }, tx: t });
  };
  return tx ? write(tx) : db().$transaction(write);
}
