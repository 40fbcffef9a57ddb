// The workflows whose steps select an account (`config.connectionId`), Live ones first. Only the
// account's own workspace is searched: a step can name no other workspace's account
// (assert-step-connections.ts), and listing another tenant's workflows would leak their names.
import { db, type Tx } from "@/lib/db/client";
import type { ConnectionUser } from "@/lib/connections/connection-input";

export type ListConnectionUsersOptions = { connectionId: string; workspaceId: string; tx?: Tx };

export async function listConnectionUsers({ connectionId, workspaceId, tx }: ListConnectionUsersOptions): Promise<ConnectionUser[]> {
  // jsonb containment: some element of the steps array has this connectionId in its config
  // (steps is json, kept as written; the cast is per workflow of one workspace).
  const probe = JSON.stringify([{ config: { connectionId } }]);
  return (tx ?? db()).$queryRaw<ConnectionUser[]>`
    SELECT id, name, mode::text AS mode FROM "Workflow"
    WHERE "workspaceId" = ${workspaceId} AND steps::jsonb @> ${probe}::jsonb
    ORDER BY mode = 'live' DESC, name, id`;
}
