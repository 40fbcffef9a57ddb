// Offboarding a client: the provider's owners delete a client workspace with everything in it
// (workflows, runs, variables and secrets, app connections, files, members' roles; foreign-key
// cascade). Its audit events move to the provider's log, marked with the client they happened in
// (`details.deletedClient`): the record of who pushed, went live or changed roles there outlives
// the client, as an MSP's records of a former customer must. Its webhook URLs stop at once (an unknown token gets the usual 202 and no run);
// a Scheduler's pg-boss schedule goes with the worker's next reconcile (within a minute), and a
// firing in between finds no workflow and makes no run. Recorded in the provider's audit log.
// Accounts made in the client stay, and from now on count as made in the provider
// (lib/members/account-origin.ts): its owners, who owned the client, can still give them roles
// and reset their passwords, where an origin naming a deleted workspace would leave nobody who can.
import { db, type Tx } from "@/lib/db/client";
import { badRequest, forbidden, notFound } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { requireWorkspaceRole, workspaceRole } from "@/lib/workspaces/access";

export async function deleteClientWorkspace(opts: { workspaceId: string; actor: { id: string; email: string } }): Promise<void> {
  const { workspaceId, actor } = opts;
  await db().$transaction(async (tx: Tx) => {
    await requireWorkspaceRole(actor.id, workspaceId, "viewer", tx); // 404 for anyone who cannot see it
    // Locked: of two deletes at once the second waits here, finds the row gone and answers 404,
    // as a repeated delete does.
    const [ws] = await tx.$queryRaw<{ kind: string; name: string; providerId: string | null }[]>`
      SELECT kind::text AS kind, name, "providerId" FROM "Workspace" WHERE id = ${workspaceId} FOR UPDATE`;
    if (!ws) throw notFound("workspace");
    if (ws.kind !== "client" || !ws.providerId) {
      // Its editors and viewers may not delete it in any case: they hear that (403), as from
      // every owner's action, and only its owners that a provider is never deleted this way.
      await requireWorkspaceRole(actor.id, workspaceId, "owner", tx);
      throw badRequest("only client workspaces can be deleted");
    }
    // The client's own owners may not: the client belongs to the provider's book of customers.
    if ((await workspaceRole(actor.id, ws.providerId, tx)) !== "owner") throw forbidden("only the provider's owners can delete a client workspace");
    await tx.$executeRaw`
      UPDATE "AuditEvent"
      SET "workspaceId" = ${ws.providerId},
          details = details || jsonb_build_object('deletedClient', jsonb_build_object('id', ${workspaceId}::text, 'name', ${ws.name}::text))
      WHERE "workspaceId" = ${workspaceId}`;
    await tx.user.updateMany({ where: { createdInWorkspaceId: workspaceId }, data: { createdInWorkspaceId: ws.providerId } });
    await tx.workspace.delete({ where: { id: workspaceId } });
    await recordAuditEvent({ workspaceId: ws.providerId, actor, action: "client_deleted", details: { clientId: workspaceId, name: ws.name }, tx });
  });
}
