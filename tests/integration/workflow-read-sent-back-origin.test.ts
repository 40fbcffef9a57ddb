// A workflow's read sent back saves (PUT of what GET returned, the way a script edits one): the
// read-only fields are accepted and ignored — those a pushed copy's read carries (`pushedFrom`, the
// provider's name, on a version a push made) and an installed blueprint's (`blueprint`) too. Both
// were a 400 "unknown field", so a client's script could not save its copy of a provider's
// workflow, nor anyone one installed from a blueprint, without first deleting keys the API sent.
import { describe, expect, it } from "vitest";
import { newHireProvisioning } from "@/lib/blueprints/new-hire-provisioning";
import type { Json } from "../helpers/api-fixtures";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();

describe("a workflow's read sent back", () => {
  it("a client's pushed copy: the read (with pushedFrom) saves with a changed name", async () => {
    const source = await t.createSource(`Onboarding ${Date.now()}`, [{ id: "hook", kind: "webhook", config: {} }]);
    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const read: Json = (await t.adminA.get(`/api/v1/workflows/${pushed.body.copy.id}`)).body;
    expect(read.pushedFrom).toBe("Acme IT");
    const put = await t.adminA.put(`/api/v1/workflows/${read.id}`, { ...read, name: `${read.name} (ours)` });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.name).toBe(`${read.name} (ours)`);
    // Still read-only: the name the provider has is not the client's to set.
    expect((await t.adminA.get(`/api/v1/workflows/${read.id}`)).body).not.toHaveProperty("pushedFrom");
  });

  it("a workflow installed from a blueprint: the read (with blueprint) saves with a changed name", async () => {
    const installed = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/blueprints/new-hire-provisioning`, { setup: newHireProvisioning.exampleSetup, connections: {} });
    expect(installed.status, JSON.stringify(installed.body)).toBe(201);
    const read: Json = (await t.tech.get(`/api/v1/workflows/${installed.body.id}`)).body;
    expect(read.blueprint).toMatchObject({ slug: "new-hire-provisioning" });
    const put = await t.tech.put(`/api/v1/workflows/${read.id}`, { ...read, name: `Onboarding ${Date.now()}` });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // Sending it back changes nothing about where the workflow came from.
    expect((await t.tech.get(`/api/v1/workflows/${read.id}`)).body.blueprint).toEqual(read.blueprint);
  });
});
