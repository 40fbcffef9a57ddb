// Creates or replaces a workspace file (the bytes live in Postgres, see the File model).
import { createHash } from "node:crypto";
import { recordUserEvent } from "@/lib/audit/record-user-event";
import { db, type Tx } from "@/lib/db/client";
import { toFileView, type FileView } from "@/lib/files/file-schema";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export type PutFileOptions = { workspaceId: string; userId: string; name: string; contentType: string; data: Buffer; tx?: Tx };

export async function putFile({ workspaceId, userId, name, contentType, data, tx }: PutFileOptions): Promise<{ file: FileView; created: boolean }> {
  const write = async (t: Tx) => {
    await requireWorkspaceRole(userId, workspaceId, "editor", t);
    const fields = { contentType, size: data.byteLength, sha256: createHash("sha256").update(data).digest("hex"), data: new Uint8Array(data) };
    const before = await t.file.findUnique({ where: { workspaceId_name: { workspaceId, name } }, select: { id: true } });
    const row = await t.file.upsert({
      where: { workspaceId_name: { workspaceId, name } },
      create: { workspaceId, name, ...fields },
      update: fields,
      omit: { data: true },
    });
    await recordUserEvent({ workspaceId, userId, action: "file_uploaded", details: { name, size: fields.size, contentType, replaced: Boolean(before) }, tx: t });
    return { file: toFileView(row), created: !before };
  };
  return tx ? write(tx) : db().$transaction(write);
}
