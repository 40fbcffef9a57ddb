// Invitation links over the real server: an owner makes one for someone whose account was made
// elsewhere (adding them by address is refused, account_elsewhere), that person accepts it and
// works in the workspace with its role; the link works once, until it expires, not after it is
// revoked; only owners make, list and revoke links; the link is never shown again nor stored.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { hashInvitationToken } from "@/lib/invitations/invitation-token";
import { runRetention } from "@/lib/retention/run-retention";
import { createUser } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { web, t, as } = startTestServer();

const invitations = (ws: string) => `/api/v1/workspaces/${ws}/invitations`;
const tokenOf = (link: string) => new URL(link).pathname.replace(/^\/invite\//, "");

async function freshProvider() {
  const provider = await db().workspace.create({ data: { name: `Provider ${Math.random().toString(36).slice(2, 8)}`, kind: "provider" } });
  return { provider, owner: await createUser([{ workspaceId: provider.id, role: "owner" }]) };
}

describe("invitation links", () => {
  it("someone another provider's account belongs to joins by the link, with its role, and works there", async () => {
    const { provider, owner } = await freshProvider();
    // t.outsider's account was made in provider B: adding it by address is refused, and says what to do.
    const { email } = await db().user.update({ where: { id: t.outsider.id }, data: { createdInWorkspaceId: t.providerB.id } });
    const byAddress = await as(owner).post(`/api/v1/workspaces/${provider.id}/members`, { email, role: "editor" });
    expect(byAddress).toMatchObject({ status: 409, body: { error: "account_elsewhere" } });
    expect(byAddress.body.message).toMatch(/with "Make invitation link" on the Members page \(or POST \/api\/v1\/workspaces\/[\w-]+\/invitations\)$/);

    const made = await as(owner).post(invitations(provider.id), { role: "editor", note: "Bob from B" });
    expect(made.status).toBe(201);
    expect(made.body.link).toMatch(new RegExp(`^${web.baseUrl.replace(/[.]/g, "\\.")}/invite/[A-Za-z0-9_-]{43}$`));
    expect(made.body.invitation).toEqual({
      id: expect.any(String), role: "editor", note: "Bob from B", createdBy: { name: expect.any(String), email: expect.any(String) },
      createdAt: expect.any(String), expiresAt: expect.any(String), expired: false,
    });
    const days = (Date.parse(made.body.invitation.expiresAt) - Date.parse(made.body.invitation.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    const token = tokenOf(made.body.link);
    // Stored only as its hash; the list never shows it.
    const row = await db().invitation.findUniqueOrThrow({ where: { id: made.body.invitation.id } });
    expect(row.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = await as(owner).get(invitations(provider.id));
    expect(listed.body.invitations).toEqual([made.body.invitation]);
    expect(JSON.stringify(listed.body)).not.toContain(token);

    // Before accepting, the holder cannot see the workspace; they can read what the link offers.
    expect((await as(t.outsider).get(`/api/v1/workspaces/${provider.id}/workflows`)).status).toBe(404);
    const preview = await as(t.outsider).get(`/api/v1/invitations/${token}`);
    expect(preview).toEqual({
      status: 200,
      body: { invitation: { workspace: { id: provider.id, name: provider.name, kind: "provider" }, role: "editor", invitedBy: made.body.invitation.createdBy, note: "Bob from B", expiresAt: made.body.invitation.expiresAt, alreadyMember: false, joined: false } },
    });

    const accepted = await as(t.outsider).post(`/api/v1/invitations/${token}/accept`);
    expect(accepted).toMatchObject({ status: 200, body: { workspaceId: provider.id, member: { userId: t.outsider.id, email, role: "editor" } } });
    // They work there now with that role (an editor creates workflows), and keep their own provider.
    const wf = await as(t.outsider).post(`/api/v1/workspaces/${provider.id}/workflows`, { name: "By invitation", steps: [{ kind: "webhook", config: {} }] });
    expect(wf.status).toBe(201);
    const theirs = (await as(t.outsider).get("/api/v1/workspaces")).body.workspaces.map((w: { id: string }) => w.id);
    expect(theirs).toEqual(expect.arrayContaining([provider.id, t.providerB.id]));
    // The link is used up, gone from the open list, and the audit log says who joined.
    expect(await as(t.outsider).post(`/api/v1/invitations/${token}/accept`)).toMatchObject({ status: 410, body: { error: "invitation_used" } });
    expect((await as(owner).get(invitations(provider.id))).body.invitations).toEqual([]);
    const audit = (await as(owner).get(`/api/v1/workspaces/${provider.id}/audit`)).body.events;
    expect(audit.slice(0, 2).map((e: { action: string; details: object }) => [e.action, e.details])).toEqual([
      ["invitation_accepted", { invitationId: made.body.invitation.id, email, role: "editor" }],
      ["invitation_created", { invitationId: made.body.invitation.id, role: "editor", note: "Bob from B", expiresAt: made.body.invitation.expiresAt }],
    ]);
  });

  it("its user reading a used link again is told they joined (while they work there); anyone else, that it was used", async () => {
    const { provider, owner } = await freshProvider();
    const token = tokenOf((await as(owner).post(invitations(provider.id), { role: "editor" })).body.link);
    const [user, other] = [await createUser([]), await createUser([])];
    expect((await as(user).post(`/api/v1/invitations/${token}/accept`)).status).toBe(200);
    const again = await as(user).get(`/api/v1/invitations/${token}`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.invitation).toMatchObject({ workspace: { id: provider.id, name: provider.name }, joined: true, alreadyMember: true });
    expect(await as(other).get(`/api/v1/invitations/${token}`)).toMatchObject({ status: 410, body: { error: "invitation_used" } });
    // Accepting it again is still refused; and once removed, it is a used link to them too.
    expect(await as(user).post(`/api/v1/invitations/${token}/accept`)).toMatchObject({ status: 410, body: { error: "invitation_used" } });
    expect((await as(owner).del(`/api/v1/workspaces/${provider.id}/members/${user.id}`)).status).toBe(204);
    expect(await as(user).get(`/api/v1/invitations/${token}`)).toMatchObject({ status: 410, body: { error: "invitation_used" } });
  });

  it("works once: two people accepting at once make one member, the other gets 410", async () => {
    const { provider, owner } = await freshProvider();
    const token = tokenOf((await as(owner).post(invitations(provider.id), { role: "viewer" })).body.link);
    const [a, b] = [await createUser([]), await createUser([])];
    const answers = await Promise.all([a, b].map((u) => as(u).post(`/api/v1/invitations/${token}/accept`)));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 410]);
    expect(await db().membership.count({ where: { workspaceId: provider.id, role: "viewer" } })).toBe(1);
  });

  it("someone already a member is told so and leaves the link usable for its person", async () => {
    const { provider, owner } = await freshProvider();
    const token = tokenOf((await as(owner).post(invitations(provider.id), { role: "viewer" })).body.link);
    expect((await as(owner).get(`/api/v1/invitations/${token}`)).body.invitation.alreadyMember).toBe(true);
    expect(await as(owner).post(`/api/v1/invitations/${token}/accept`)).toMatchObject({ status: 409, body: { error: "already_member" } });
    const other = await createUser([]);
    expect((await as(other).post(`/api/v1/invitations/${token}/accept`)).status).toBe(200);
  });

  it("a provider's owner checking a client's link does not use it up; a provider viewer may take a higher role from one", async () => {
    const { provider, owner } = await freshProvider();
    const client = await db().workspace.create({ data: { name: "Client of fresh", kind: "client", providerId: provider.id } });
    const viewer = await createUser([{ workspaceId: provider.id, role: "viewer" }]);
    const token = tokenOf((await as(owner).post(invitations(client.id), { role: "editor", note: "Dana" })).body.link);
    expect((await as(owner).get(`/api/v1/invitations/${token}`)).body.invitation.alreadyMember).toBe(true);
    const refused = await as(owner).post(`/api/v1/invitations/${token}/accept`);
    expect(refused).toMatchObject({ status: 409, body: { error: "already_member" } });
    expect(refused.body.message).toMatch(/working here as owner through its provider/);
    expect((await as(owner).get(invitations(client.id))).body.invitations).toHaveLength(1);
    // A viewer through the provider gains by an editor link: it is theirs to take.
    expect((await as(viewer).get(`/api/v1/invitations/${token}`)).body.invitation.alreadyMember).toBe(false);
    expect((await as(viewer).post(`/api/v1/invitations/${token}/accept`)).body.member.role).toBe("editor");
  });

  it("a revoked link stops at once (404); an expired one is 410 and listed as expired", async () => {
    const { provider, owner } = await freshProvider();
    const someone = await createUser([]);
    const revoked = await as(owner).post(invitations(provider.id), { role: "owner", note: "revoke me" });
    expect((await as(owner).del(`${invitations(provider.id)}/${revoked.body.invitation.id}`)).status).toBe(204);
    expect(await as(someone).post(`/api/v1/invitations/${tokenOf(revoked.body.link)}/accept`)).toMatchObject({ status: 404, body: { error: "not_found" } });
    expect((await as(owner).del(`${invitations(provider.id)}/${revoked.body.invitation.id}`)).status).toBe(404);

    const old = await as(owner).post(invitations(provider.id), { role: "editor", expiresInDays: 1 });
    await db().invitation.update({ where: { id: old.body.invitation.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await as(someone).get(`/api/v1/invitations/${tokenOf(old.body.link)}`)).toMatchObject({ status: 410, body: { error: "invitation_expired" } });
    expect(await as(someone).post(`/api/v1/invitations/${tokenOf(old.body.link)}/accept`)).toMatchObject({ status: 410, body: { error: "invitation_expired" } });
    expect((await as(owner).get(invitations(provider.id))).body.invitations).toMatchObject([{ id: old.body.invitation.id, expired: true }]);
    expect(await db().membership.count({ where: { workspaceId: provider.id } })).toBe(1);
    const audit = (await as(owner).get(`/api/v1/workspaces/${provider.id}/audit`)).body.events.map((e: { action: string }) => e.action);
    expect(audit).toContain("invitation_revoked");
  });

  it("only owners make, list and revoke links; bad input is refused with what is wrong; a made-up link is 404", async () => {
    const made = await as(t.clientAdmin).post(invitations(t.clientA1.id), { role: "editor" }); // a client's owner may
    expect(made.status).toBe(201);
    for (const u of [t.editor, t.viewer]) {
      expect((await as(u).post(invitations(t.providerA.id), { role: "viewer" })).status).toBe(403);
      expect((await as(u).get(invitations(t.clientA1.id))).status).toBe(403);
      expect((await as(u).del(`${invitations(t.clientA1.id)}/${made.body.invitation.id}`)).status).toBe(403);
    }
    expect((await as(t.outsider).get(invitations(t.clientA1.id))).body.error).toBe("not_found");
    const before = await db().invitation.count();
    for (const body of [{}, { role: "admin" }, { role: "editor", expiresInDays: 0 }, { role: "editor", expiresInDays: 31 }, { role: "editor", note: "x".repeat(201) }, { role: "editor", extra: 1 }]) {
      const r = await as(t.clientAdmin).post(invitations(t.clientA1.id), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_request", message: expect.any(String) });
    }
    expect(await db().invitation.count()).toBe(before);
    expect(await as(t.editor).get(`/api/v1/invitations/${"A".repeat(43)}`)).toMatchObject({ status: 404, body: { error: "not_found" } });
    expect((await fetch(`${web.baseUrl}/api/v1/invitations/${tokenOf(made.body.link)}/accept`, { method: "POST" })).status).toBe(401);
  });

  it("the retention pass removes links 30 days after they were used or ran out, and no others", async () => {
    const { provider, owner } = await freshProvider();
    const make = async () => (await as(owner).post(invitations(provider.id), { role: "viewer" })).body;
    const [used, expired, recent, open] = [await make(), await make(), await make(), await make()];
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    await db().invitation.update({ where: { id: used.invitation.id }, data: { acceptedAt: daysAgo(31) } });
    await db().invitation.update({ where: { id: expired.invitation.id }, data: { expiresAt: daysAgo(31) } });
    await db().invitation.update({ where: { id: recent.invitation.id }, data: { expiresAt: daysAgo(29) } });
    expect((await runRetention()).invitations).toBeGreaterThanOrEqual(2);
    const left = (await db().invitation.findMany({ where: { workspaceId: provider.id }, select: { id: true } })).map((r) => r.id).sort();
    expect(left).toEqual([recent.invitation.id, open.invitation.id].sort());
  });
});
