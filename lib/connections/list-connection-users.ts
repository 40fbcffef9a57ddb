// The workflows whose steps select an account (`config.connectionId`), Live ones first. Only the
// account's own workspace is searched: a step can name no other workspace's account
// (assert-step-connections.ts), and listing another tenant's workflows would leak their names.
import { db, type Tx } from "@/lib/db/client";
import type { ConnectionUser } from "@/lib/connections/connection-input";

export type ListConnectionUsersOptions = { connectionId: string; workspaceId: string; tx?: Tx };

export async function listConnectionUsers({ connectionId, workspaceId, tx }: ListConnectionUsersOptions): Promise<ConnectionUser[]> {
  // Some element of the steps array has this connectionId in its config. Read with json's own
  // operators, not cast to jsonb: steps is json kept as written, and jsonb's numeric stops near
  // 1e131072, while Testing data keeps a larger number (1e999999) as typed: the cast failed
  // ("value overflows numeric format") and deleting any account of that workspace was a 500.
  return (tx ?? db()).$queryRaw<ConnectionUser[]>`
    SELECT id, name, mode::text AS mode FROM "Workflow" w
    WHERE "workspaceId" = ${workspaceId}
      AND EXISTS (
        SELECT 1 FROM json_array_elements(CASE WHEN json_typeof(w.steps) = 'array' THEN w.steps ELSE '[]'::json END) AS s
        WHERE s -> 'config' ->> 'connectionId' = ${connectionId})
    ORDER BY mode = 'live' DESC, name, id`;
}
