// People created in a client keep an owner when the client is deleted: their accounts count as
// made in the provider (the same transaction as the delete), so the provider's owners can still
// add them elsewhere and reset their password, and no other provider can adopt them. Accounts
// orphaned before this are re-homed by migration 20261124120000_rehome_orphan_accounts from the
// provider's audit log; one whose provider cannot be found stays owned by nobody (never NULL,
// which would mean operator-made: addable by any owner).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { addMember } from "@/lib/members/add-member";
import { resetMemberPassword } from "@/lib/members/reset-member-password";
import { deleteClientWorkspace } from "@/lib/workspaces/delete-client-workspace";
import { createUser } from "../helpers/api-fixtures";

const tag = () => Math.random().toString(36).slice(2, 8);
const actorOf = async (u: { id: string }) => db().user.findUniqueOrThrow({ where: { id: u.id }, select: { id: true, email: true } });

describe("deleting a client re-homes the accounts made in it", () => {
  it("the provider's owner adds such a person elsewhere and resets their password; another provider still cannot adopt them", async () => {
    const provider = await db().workspace.create({ data: { name: `P ${tag()}`, kind: "provider" } });
    const [doomed, other] = await Promise.all(["Doomed", "Other"].map((n) => db().workspace.create({ data: { name: `${n} ${tag()}`, kind: "client", providerId: provider.id } })));
    const owner = await actorOf(await createUser([{ workspaceId: provider.id, role: "owner" }]));
    const email = `person-${tag()}@client.example`;
    const { member } = await addMember({ workspaceId: doomed.id, actor: owner, input: { email, role: "editor" } });
    expect((await db().user.findUniqueOrThrow({ where: { id: member.userId } })).createdInWorkspaceId).toBe(doomed.id);

    await deleteClientWorkspace({ workspaceId: doomed.id, actor: owner });
    expect((await db().user.findUniqueOrThrow({ where: { id: member.userId } })).createdInWorkspaceId).toBe(provider.id);

    await expect(addMember({ workspaceId: other.id, actor: owner, input: { email, role: "viewer" } })).resolves.toMatchObject({ member: { userId: member.userId } });
    await expect(resetMemberPassword({ workspaceId: other.id, memberId: member.userId, actor: owner })).resolves.toMatchObject({ temporaryPassword: expect.any(String) });
    const stranger = await db().workspace.create({ data: { name: `Q ${tag()}`, kind: "provider" } });
    const strangerOwner = await actorOf(await createUser([{ workspaceId: stranger.id, role: "owner" }]));
    await expect(addMember({ workspaceId: stranger.id, actor: strangerOwner, input: { email, role: "owner" } })).rejects.toMatchObject({ status: 409, code: "account_elsewhere" });
  });
});

const migration = readFileSync(path.resolve(import.meta.dirname, "../../prisma/migrations/20261124120000_rehome_orphan_accounts/migration.sql"), "utf8");
const rollBack = new Error("roll back");

describe("migration 20261124120000_rehome_orphan_accounts", () => {
  it("re-homes accounts of deleted clients to the provider named by its audit log, and leaves the rest", () =>
    db()
      .$transaction(
        async (tx) => {
          const provider = await tx.workspace.create({ data: { name: "Old MSP", kind: "provider" } });
          const live = await tx.workspace.create({ data: { name: "Still here", kind: "client", providerId: provider.id } });
          // Deleted before deletion re-homed accounts: found by client_deleted, or only by an event moved from it.
          const [goneA, goneB, ghost] = ["c-gone-a", "c-gone-b", "c-ghost"].map((id) => `${id}-${tag()}`);
          await tx.auditEvent.create({ data: { workspaceId: provider.id, action: "client_deleted", details: { clientId: goneA, name: "Gone A" } } });
          await tx.auditEvent.create({ data: { workspaceId: provider.id, action: "member_added", details: { email: "x@y.test", deletedClient: { id: goneB, name: "Gone B" } } } });
          const user = (origin: string | null) => tx.user.create({ data: { email: `m-${tag()}@example.test`, name: "M", passwordHash: "x", createdInWorkspaceId: origin } });
          const [a, b, g, here, operator] = await Promise.all([user(goneA), user(goneB), user(ghost), user(live.id), user(null)]);
          await tx.$executeRawUnsafe(migration);
          const origin = async (u: { id: string }) => (await tx.user.findUniqueOrThrow({ where: { id: u.id } })).createdInWorkspaceId;
          expect(await origin(a)).toBe(provider.id);
          expect(await origin(b)).toBe(provider.id);
          expect(await origin(g)).toBe(ghost); // nobody's: not NULL, which any owner could add
          expect(await origin(here)).toBe(live.id);
          expect(await origin(operator)).toBeNull();
          throw rollBack;
        },
        { timeout: 60_000 },
      )
      .catch((e) => {
        if (e !== rollBack) throw e;
      }));
});
