// Deleting a key that a workflow still references makes that step fail at run time ("variable
// X is not defined"); a pushed copy's review checklist shows it as missing again. So a key that
// workflows read is refused (409 variable_in_use / secret_in_use, naming them) unless `force`.
// The check and the delete share a transaction with the key's row locked.
import { notFound } from "@/lib/api/errors";
import { recordUserEvent } from "@/lib/audit/record-user-event";
import { db, type Tx } from "@/lib/db/client";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import { assertResourceUnused } from "@/lib/workspaces/assert-resource-unused";

export type DeleteVariableOptions = { workspaceId: string; userId: string; key: string; force?: boolean; tx?: Tx };

export async function deleteVariable({ workspaceId, userId, key, force = false, tx }: DeleteVariableOptions): Promise<void> {
  const write = async (t: Tx) => {
    await requireWorkspaceRole(userId, workspaceId, "editor", t);
    const [row] = await t.$queryRaw<{ id: string; secret: boolean }[]>`
      SELECT id, secret FROM "Variable" WHERE "workspaceId" = ${workspaceId} AND key = ${key} FOR UPDATE`;
    if (!row) throw notFound("variable");
    await assertResourceUnused({ workspaceId, kind: row.secret ? "secrets" : "vars", key, force, tx: t });
    await t.variable.delete({ where: { id: row.id } });
    await recordUserEvent({ workspaceId, userId, action: "variable_deleted", details: { key, secret: row.secret }, tx: t });
  };
  return tx ? write(tx) : db().$transaction(write);
}
