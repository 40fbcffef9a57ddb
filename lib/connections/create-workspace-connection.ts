// POST /workspaces/{ws}/connections: the caller's role is checked, then the executors'
// createConnection validates the app, auth kind, config and credentials and encrypts them.
import { badRequest, conflict } from "@/lib/api/errors";
import { recordUserEvent } from "@/lib/audit/record-user-event";
import { db, type Tx } from "@/lib/db/client";
import { createConnection, InvalidConnectionError } from "@/lib/connections/create-connection";
import type { ConnectionView, CreateConnectionInput } from "@/lib/connections/connection-input";
import { toConnectionView } from "@/lib/connections/to-connection-view";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export type CreateWorkspaceConnectionOptions = { workspaceId: string; userId: string; input: CreateConnectionInput; tx?: Tx };

export async function createWorkspaceConnection({ workspaceId, userId, input, tx }: CreateWorkspaceConnectionOptions): Promise<ConnectionView> {
  const write = async (t: Tx) => {
    await requireWorkspaceRole(userId, workspaceId, "editor", t);
    const taken = await t.connection.findFirst({ where: { workspaceId, app: input.app, name: input.name }, select: { id: true } });
    if (taken) throw conflict("name_taken", `this workspace already has an account named "${input.name}" for this app; choose another name`);
    try {
      const created = await createConnection({
        workspaceId,
        app: input.app,
        name: input.name,
        authKind: input.authKind,
        baseUrl: input.baseUrl === "" ? null : input.baseUrl,
        config: input.config,
        credentials: input.credentials,
        tx: t,
      });
      await recordUserEvent({ workspaceId, userId, action: "connection_created", details: { connectionId: created.id, app: created.app, name: created.name }, tx: t }); // never credentials
      return toConnectionView(await t.connection.findUniqueOrThrow({ where: { id: created.id } }));
    } catch (e) {
      if (e instanceof InvalidConnectionError) throw badRequest(e.message, e.field ? { field: e.field } : undefined);
      throw e;
    }
  };
  return tx ? write(tx) : db().$transaction(write);
}
