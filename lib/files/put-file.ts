// Creates or replaces a workspace file (the bytes live in Postgres, see the File model). A caller
// that must not overwrite unseen — the Files page, which asks before replacing — states what it
// expects: `onlyIfNew` (If-None-Match: *) or `ifSha256` (If-Match: the sha256 it was shown). A
// file that is not as expected answers 412 with the current one and the workflows that read it,
// so the question "Replace X? N workflows use it" is asked from the server's answer, at write
// time: two tabs cannot replace each other's upload unasked.
import { createHash } from "node:crypto";
import { AppError, notFound } from "@/lib/api/errors";
import { recordUserEvent } from "@/lib/audit/record-user-event";
import { db, type Tx } from "@/lib/db/client";
import { unlessParentGone } from "@/lib/db/parent-gone";
import { toFileView, type FileView } from "@/lib/files/file-schema";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import { listResourceUsers } from "@/lib/workspaces/list-resource-users";
import { onceMoreOnUniqueClash } from "@/lib/db/once-more-on-unique-clash";

export type PutFileOptions = {
  workspaceId: string;
  userId: string;
  name: string;
  contentType: string;
  data: Buffer;
  /** Create only (`If-None-Match: *`): a file of that name is left as it is, 412 file_exists. */
  onlyIfNew?: boolean;
  /** Not over these bytes (`If-None-Match: "<sha256>", …`): a file whose sha256 is listed is left
   *  as it is, 412 file_exists. */
  unlessSha256?: readonly string[];
  /** Replace only a file with one of these sha256s (`If-Match: "<sha256>", …`): else 412
   *  file_changed (it is gone or differs). `*`: replace only a file that exists. */
  ifSha256?: readonly string[] | "*";
  /** If-Match's weak tags (`W/"<sha256>"`): never a match (If-Match compares strongly); one of the
   *  current sha256 makes the 412 say so, rather than claim the file was replaced. */
  weakIfSha256?: readonly string[];
  tx?: Tx;
};

export async function putFile({ workspaceId, userId, name, contentType, data, onlyIfNew = false, unlessSha256, ifSha256, weakIfSha256, tx }: PutFileOptions): Promise<{ file: FileView; created: boolean }> {
  const write = async (t: Tx) => {
    await requireWorkspaceRole(userId, workspaceId, "editor", t);
    const fields = { contentType, size: data.byteLength, sha256: createHash("sha256").update(data).digest("hex"), data: new Uint8Array(data) };
    const [before] = await t.$queryRaw<{ id: string; sha256: string }[]>`
      SELECT id, sha256 FROM "File" WHERE "workspaceId" = ${workspaceId} AND name = ${name} FOR UPDATE`;
    if (before && onlyIfNew) throw await preconditionFailed(t, workspaceId, name, "file_exists", `${name} already exists; upload again without If-None-Match to replace it`);
    if (before && unlessSha256?.includes(before.sha256)) {
      throw await preconditionFailed(t, workspaceId, name, "file_exists", `${name} already holds bytes whose sha256 If-None-Match lists; nothing was changed`);
    }
    if (ifSha256 !== undefined && !(before && (ifSha256 === "*" || ifSha256.includes(before.sha256)))) {
      throw await preconditionFailed(t, workspaceId, name, "file_changed", fileChangedMessage(name, before?.sha256, weakIfSha256));
    }
    const row = before
      ? await t.file.update({ where: { id: before.id }, data: fields, omit: { data: true } })
      : await t.file.create({ data: { workspaceId, name, ...fields }, omit: { data: true } });
    await recordUserEvent({ workspaceId, userId, action: "file_uploaded", details: { name, size: fields.size, contentType, replaced: Boolean(before) }, tx: t });
    return { file: toFileView(row), created: !before };
  };
  // The workspace deleted at the same moment: its 404, as once it is gone.
  const attempt = () => unlessParentGone("workspaceId", () => notFound("workspace"), () => (tx ? write(tx) : db().$transaction(write)));
  // Two first uploads of one name at once: the slower insert collides with the other's row; once
  // more, it finds that row (and, if it asked for a new file only, is refused).
  return onceMoreOnUniqueClash(attempt, !tx);
}

function fileChangedMessage(name: string, sha256: string | undefined, weakIfSha256: readonly string[] = []): string {
  if (sha256 === undefined) return `${name} was deleted since it was read`;
  if (weakIfSha256.includes(sha256)) {
    return `If-Match compares entity tags strongly, so a weak one (W/"…") never matches: send the ETag as GET gives it, "${sha256}"; ${name} was not changed`;
  }
  return `${name} was replaced since it was read`;
}

async function preconditionFailed(t: Tx, workspaceId: string, name: string, code: string, message: string): Promise<AppError> {
  const row = await t.file.findUnique({ where: { workspaceId_name: { workspaceId, name } }, omit: { data: true } });
  const workflows = row ? await listResourceUsers({ workspaceId, kind: "files", key: name, tx: t }) : [];
  return new AppError(412, code, message, { file: row ? toFileView(row) : null, workflows });
}
