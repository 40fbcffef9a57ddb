// The members list says, per row, whether the caller may reset that person's password — by the
// very rule the reset applies, so the page never offers a reset that fails — and the role each
// person really acts with (a provider's owner added to a client as a viewer acts there as owner,
// via the provider); a client's list also names its provider's members who work there without a
// role of their own.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { addMember } from "@/lib/members/add-member";
import { listMembers } from "@/lib/members/list-members";
import { resetMemberPassword } from "@/lib/members/reset-member-password";
import { createUser } from "../helpers/api-fixtures";

const tag = () => Math.random().toString(36).slice(2, 8);
const actorOf = async (u: { id: string }) => db().user.findUniqueOrThrow({ where: { id: u.id }, select: { id: true, email: true } });

async function setUp() {
  const provider = await db().workspace.create({ data: { name: `Acme IT Services ${tag()}`, kind: "provider" } });
  const [client, sibling] = await Promise.all(["Client", "Sibling"].map((n) => db().workspace.create({ data: { name: `${n} ${tag()}`, kind: "client", providerId: provider.id } })));
  const providerOwner = await actorOf(await createUser([{ workspaceId: provider.id, role: "owner" }, { workspaceId: client.id, role: "viewer" }])); // like the seed: operator-made
  const tech = await actorOf(await createUser([{ workspaceId: provider.id, role: "editor" }]));
  const clientOwner = await actorOf(await createUser([{ workspaceId: client.id, role: "owner" }]));
  const clientViewer = await actorOf(await createUser([{ workspaceId: client.id, role: "viewer" }]));
  const add = async (email: string, workspaceId = client.id, actor = clientOwner) => (await addMember({ workspaceId, actor, input: { email, role: "editor" } })).member.userId;
  const own = await add(`own-${tag()}@client.example`);
  const shared = await add(`shared-${tag()}@client.example`);
  await add((await db().user.findUniqueOrThrow({ where: { id: shared } })).email, sibling.id, providerOwner); // also works in a client the client's owner does not own
  return { provider, client, providerOwner, tech, clientOwner, clientViewer, own, shared };
}

describe("GET …/members: access as it really is", () => {
  it("offers a reset exactly where the reset succeeds, with the reason where it would not", async () => {
    const s = await setUp();
    for (const actor of [s.clientOwner, s.providerOwner, s.clientViewer]) {
      const { members } = await listMembers({ workspaceId: s.client.id, userId: actor.id });
      for (const m of members) {
        const reset = await resetMemberPassword({ workspaceId: s.client.id, memberId: m.userId, actor }).then(
          () => null,
          (e: { message: string }) => e.message,
        );
        expect({ who: m.email, by: actor.email, canResetPassword: m.canResetPassword }).toEqual({ who: m.email, by: actor.email, canResetPassword: reset === null });
        if (reset !== null && m.userId !== actor.id && actor !== s.clientViewer) expect(m.resetPasswordRefusal).toBe(reset);
      }
    }
    const byOwner = new Map((await listMembers({ workspaceId: s.client.id, userId: s.clientOwner.id })).members.map((m) => [m.userId, m]));
    expect(byOwner.get(s.own)).toMatchObject({ canResetPassword: true, resetPasswordRefusal: null });
    expect(byOwner.get(s.shared)?.resetPasswordRefusal).toMatch(/also works in workspaces you do not own/);
    expect(byOwner.get(s.providerOwner.id)?.resetPasswordRefusal).toMatch(/made by the operator/);
    const byProvider = new Map((await listMembers({ workspaceId: s.client.id, userId: s.providerOwner.id })).members.map((m) => [m.userId, m]));
    expect(byProvider.get(s.shared)?.canResetPassword).toBe(true); // the provider's owner owns both clients
  });

  it("shows the role a person acts with, and the provider's members who work here too", async () => {
    const s = await setUp();
    const { members, provider } = await listMembers({ workspaceId: s.client.id, userId: s.clientViewer.id });
    expect(members.find((m) => m.userId === s.providerOwner.id)).toMatchObject({ role: "viewer", effectiveRole: "owner", viaProvider: true });
    expect(members.find((m) => m.userId === s.own)).toMatchObject({ role: "editor", effectiveRole: "editor", viaProvider: false });
    expect(provider).toEqual({ id: s.provider.id, name: s.provider.name, members: [expect.objectContaining({ userId: s.tech.id, email: s.tech.email, role: "editor" })] });
    expect(JSON.stringify({ members, provider })).not.toContain("createdInWorkspaceId");
    // A provider's own list has no provider above it.
    expect((await listMembers({ workspaceId: s.provider.id, userId: s.tech.id })).provider).toBeNull();
  });
});
