// A copy pushed to a client can be told from the client's own workflow of the same name (found by
// QA: a blueprint's "EDR alert triage" and a pushed one were two identical rows): the list gives a
// copy `pushedFrom` — the provider, and how many items of its review are open, as the review page
// counts them — and null for the workspace's own; the push preflight says beforehand that the
// client already has a workflow of that name that is not this copy.
import { describe, expect, it } from "vitest";
import { startTenancyServer } from "../helpers/tenancy-server";

const t = startTenancyServer();

describe("pushed copies in the client's Workflows list", () => {
  it("are marked with their provider and open review items; the preflight names the namesake", async () => {
    const ws = t.clientA.id;
    const own = await t.adminA.post(`/api/v1/workspaces/${ws}/workflows`, { name: "EDR alert triage", steps: [{ kind: "webhook", config: {} }] });
    expect(own.status).toBe(201);
    const source = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/workflows`, {
      name: "EDR alert triage",
      steps: [{ kind: "webhook", config: {} }, { kind: "http", name: "Notify", config: { method: "POST", url: "https://chat.example/post", body: { type: "raw", raw: "{{ vars.TEAM }} {{ secrets.CHAT_KEY }}" } } }],
    });
    expect(source.status).toBe(201);

    const preflight = await t.tech.get(`/api/v1/workflows/${source.body.id}/push-preflight?target=${ws}`);
    expect(preflight.status).toBe(200);
    const namesake = 'Client A already has a workflow named "EDR alert triage" that is not this copy';
    expect(preflight.body.notes).toContainEqual(expect.stringContaining(namesake));

    const pushed = await t.tech.post(`/api/v1/workflows/${source.body.id}/push`, { targetWorkspaceId: ws });
    expect(pushed.status).toBe(201);
    const copy = pushed.body.copy.id as string;

    const list = async () => (await t.adminA.get(`/api/v1/workspaces/${ws}/workflows`)).body.workflows as { id: string; pushedFrom: unknown }[];
    const byId = async () => new Map((await list()).map((w) => [w.id, w.pushedFrom]));
    // TEAM and CHAT_KEY to fill in, and the confirmation.
    expect((await byId()).get(copy)).toEqual({ provider: { id: t.provider.id, name: "Acme IT" }, openItems: 3 });
    expect((await byId()).get(own.body.id)).toBeNull();

    // The count follows what the workspace holds, as the review does.
    await t.adminA.put(`/api/v1/workspaces/${ws}/variables/TEAM`, { value: "SOC" });
    expect((await t.adminA.post(`/api/v1/workflows/${copy}/review/confirm`)).status).toBe(200);
    expect((await byId()).get(copy)).toMatchObject({ openItems: 1 });

    // Pushing again: the copy itself is not a namesake, the client's own workflow still is.
    const again = await t.tech.get(`/api/v1/workflows/${source.body.id}/push-preflight?target=${ws}`);
    expect(again.body.notes).toContainEqual(expect.stringContaining(namesake));
    expect((await t.adminA.del(`/api/v1/workflows/${own.body.id}`)).status).toBe(204);
    const alone = await t.tech.get(`/api/v1/workflows/${source.body.id}/push-preflight?target=${ws}`);
    expect(alone.body.notes.join("\n")).not.toContain("already has a workflow named");
    // The provider's own list has no copies.
    expect((await t.tech.get(`/api/v1/workspaces/${t.provider.id}/workflows`)).body.workflows[0].pushedFrom).toBeNull();
  });
});
