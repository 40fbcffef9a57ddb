// Deleting an account leaves the steps that selected it without one: a run fails naming the
// missing connection, and a pushed copy's review checklist asks for an account again. So an
// account that workflows use is refused (409 connection_in_use, naming them) unless the caller
// insists with `force`. The check and the delete share a transaction, with the account's row
// locked, so a delete is never decided on a list that is already stale.
import { notFound } from "@/lib/api/errors";
import { recordUserEvent } from "@/lib/audit/record-user-event";
import { db, type Tx } from "@/lib/db/client";
import { listConnectionUsers } from "@/lib/connections/list-connection-users";
import { loadConnection } from "@/lib/connections/load-connection";
import { inUseConflict } from "@/lib/workspaces/assert-resource-unused";

export type DeleteConnectionOptions = { connectionId: string; userId: string; force?: boolean; tx?: Tx };

export async function deleteConnection({ connectionId, userId, force = false, tx }: DeleteConnectionOptions): Promise<void> {
  const write = async (t: Tx) => {
    const row = await loadConnection({ connectionId, userId, role: "editor", tx: t });
    // Of two deletes at once the second waits on the lock and finds the row gone: 404, as a
    // repeated delete.
    const locked = await t.$queryRaw<unknown[]>`SELECT 1 FROM "Connection" WHERE id = ${row.id} FOR UPDATE`;
    if (locked.length === 0) throw notFound("connection");
    const workflows = await listConnectionUsers({ connectionId: row.id, workspaceId: row.workspaceId, tx: t });
    if (workflows.length > 0 && !force) {
      throw inUseConflict("connection_in_use", `account "${row.name}"`, workflows, "their steps would fail until another account is chosen", "Choose another account in them first");
    }
    await t.connection.delete({ where: { id: row.id } });
    await recordUserEvent({ workspaceId: row.workspaceId, userId, action: "connection_deleted", details: { connectionId: row.id, app: row.app, name: row.name }, tx: t });
  };
  return tx ? write(tx) : db().$transaction(write);
}
