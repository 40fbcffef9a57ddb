// Deleting an account leaves the steps that selected it without one: a run fails naming the
// missing connection, and a pushed copy's review checklist asks for an account again.
import { db, type Tx } from "@/lib/db/client";
import { loadConnection } from "@/lib/connections/load-connection";

export type DeleteConnectionOptions = { connectionId: string; userId: string; tx?: Tx };

export async function deleteConnection({ connectionId, userId, tx }: DeleteConnectionOptions): Promise<void> {
  const row = await loadConnection({ connectionId, userId, role: "editor", tx });
  await (tx ?? db()).connection.delete({ where: { id: row.id } });
}
