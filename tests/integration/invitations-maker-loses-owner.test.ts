// An owner's invitation links end with their owner role: removed, leaving or demoted, the open links
// they made (in the provider and in its clients) are revoked — gone from the Members page's list,
// recorded in the audit log — and a link whose maker is no longer an owner is refused anyway (a
// link made before this rule existed): a fired owner must not rejoin as owner by their own link.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createUser } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { as } = startTestServer();

const invitations = (ws: string) => `/api/v1/workspaces/${ws}/invitations`;
const tokenOf = (link: string) => new URL(link).pathname.replace(/^\/invite\//, "");

/** A provider with a client, its owner, and a second owner ("fired") with open links in both. */
async function firedOwnerWithLinks() {
  const provider = await db().workspace.create({ data: { name: `Provider ${Math.random().toString(36).slice(2, 8)}`, kind: "provider" } });
  const client = await db().workspace.create({ data: { name: "Its client", kind: "client", providerId: provider.id } });
  const owner = await createUser([{ workspaceId: provider.id, role: "owner" }]);
  const fired = await createUser([{ workspaceId: provider.id, role: "owner" }]);
  const make = async (ws: string, role: string) => {
    const r = await as(fired).post(invitations(ws), { role, expiresInDays: 30 });
    expect(r.status).toBe(201);
    return { id: r.body.invitation.id as string, token: tokenOf(r.body.link) };
  };
  const links = { provider: await make(provider.id, "owner"), client: await make(client.id, "editor") };
  // Another owner's link is not theirs and stays.
  const kept = (await as(owner).post(invitations(provider.id), { role: "viewer" })).body.invitation.id as string;
  return { provider, client, owner, fired, links, kept };
}

async function expectRevoked(s: Awaited<ReturnType<typeof firedOwnerWithLinks>>) {
  const listed = async (ws: string) => (await as(s.owner).get(invitations(ws))).body.invitations.map((i: { id: string }) => i.id);
  expect(await listed(s.provider.id)).toEqual([s.kept]);
  expect(await listed(s.client.id)).toEqual([]);
  for (const l of [s.links.provider, s.links.client]) {
    // Neither the maker nor anyone they hand it to gets in.
    for (const who of [s.fired, await createUser([])]) {
      expect(await as(who).get(`/api/v1/invitations/${l.token}`)).toMatchObject({ status: 404, body: { error: "not_found" } });
      expect(await as(who).post(`/api/v1/invitations/${l.token}/accept`)).toMatchObject({ status: 404, body: { error: "not_found" } });
    }
  }
  expect(await db().membership.count({ where: { workspaceId: s.client.id } })).toBe(0);
  const events = async (ws: string) =>
    (await as(s.owner).get(`/api/v1/workspaces/${ws}/audit`)).body.events.filter((e: { action: string }) => e.action === "invitation_revoked").map((e: { details: object }) => e.details);
  const revoked = (l: { id: string }, role: string) => ({ invitationId: l.id, role, note: null, madeBy: expect.stringMatching(/@example\.test$/) });
  // The provider's log shows its clients' events too.
  expect(await events(s.provider.id)).toEqual(expect.arrayContaining([revoked(s.links.provider, "owner"), revoked(s.links.client, "editor")]));
  expect(await events(s.provider.id)).toHaveLength(2);
  expect(await events(s.client.id)).toEqual([revoked(s.links.client, "editor")]);
}

describe("an owner's invitation links end with their owner role", () => {
  it("a removed owner's links are revoked: they cannot rejoin by one, nor hand it on", async () => {
    const s = await firedOwnerWithLinks();
    expect((await as(s.owner).del(`/api/v1/workspaces/${s.provider.id}/members/${s.fired.id}`)).status).toBe(204);
    await expectRevoked(s);
    expect(await db().membership.count({ where: { userId: s.fired.id } })).toBe(0);
  });

  it("an owner made editor keeps working, but their links are revoked", async () => {
    const s = await firedOwnerWithLinks();
    expect((await as(s.owner).patch(`/api/v1/workspaces/${s.provider.id}/members/${s.fired.id}`, { role: "editor" })).status).toBe(200);
    await expectRevoked(s);
    expect((await db().membership.findFirstOrThrow({ where: { userId: s.fired.id } })).role).toBe("editor");
  });

  it("an owner who leaves takes their links with them", async () => {
    const s = await firedOwnerWithLinks();
    expect((await as(s.fired).del(`/api/v1/workspaces/${s.provider.id}/members/${s.fired.id}`)).status).toBe(204);
    await expectRevoked(s);
  });

  it("a link whose maker is no longer an owner is refused even if it was left behind, and says why", async () => {
    const s = await firedOwnerWithLinks();
    // As before this rule: the role went, the links stayed.
    await db().membership.deleteMany({ where: { userId: s.fired.id } });
    for (const who of [s.fired, await createUser([])]) {
      const r = await as(who).post(`/api/v1/invitations/${s.links.provider.token}/accept`);
      expect(r).toMatchObject({ status: 404, body: { error: "not_found", message: expect.stringMatching(/no longer an owner/) } });
      expect((await as(who).get(`/api/v1/invitations/${s.links.client.token}`)).status).toBe(404);
    }
    expect(await db().membership.count({ where: { workspaceId: { in: [s.provider.id, s.client.id] } } })).toBe(1);
  });

  it("a provider owner removed from a client's own members keeps their links there: they still own it through the provider", async () => {
    const s = await firedOwnerWithLinks();
    await db().membership.create({ data: { userId: s.fired.id, workspaceId: s.client.id, role: "viewer" } });
    expect((await as(s.owner).del(`/api/v1/workspaces/${s.client.id}/members/${s.fired.id}`)).status).toBe(204);
    // Still an owner there through the provider: the link still works.
    expect((await as(s.owner).get(invitations(s.client.id))).body.invitations.map((i: { id: string }) => i.id)).toEqual([s.links.client.id]);
    expect((await as(await createUser([])).post(`/api/v1/invitations/${s.links.client.token}/accept`)).status).toBe(200);
  });
});
