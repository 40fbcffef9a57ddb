// POST /workspaces/{ws}/connections: the caller's role is checked, then the executors'
// createConnection validates the app, auth kind, config and credentials and encrypts them.
import { badRequest, conflict, notFound } from "@/lib/api/errors";
import { recordUserEvent } from "@/lib/audit/record-user-event";
import { db, type Tx } from "@/lib/db/client";
import { unlessParentGone } from "@/lib/db/parent-gone";
import { createConnection, InvalidConnectionError } from "@/lib/connections/create-connection";
import type { ConnectionView, CreateConnectionInput } from "@/lib/connections/connection-input";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import { onceMoreOnUniqueClash } from "@/lib/db/once-more-on-unique-clash";

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
      return created;
    } catch (e) {
      if (e instanceof InvalidConnectionError) {
        // Named like every body's 400: `field` and `issues[].path` (the message may start "field: ").
        const problem = e.field && e.message.startsWith(`${e.field}: `) ? e.message.slice(e.field.length + 2) : e.message;
        throw badRequest(e.message, e.field ? { field: e.field, issues: [{ path: e.field, message: problem }] } : undefined);
      }
      throw e;
    }
  };
  const attempt = () => unlessParentGone("workspaceId", () => notFound("workspace"), () => (tx ? write(tx) : db().$transaction(write)));
  // Two adds of one name at once: the slower insert collides with the other's row; once more, its
  // check finds that row and answers name_taken.
  return onceMoreOnUniqueClash(attempt, !tx);
}
