// A workflow installed from a blueprint records which blueprint and version it came from, with the
// setup and the accounts chosen; once the blueprint has a newer version the workflow's GET says so
// (`blueprint: {slug, version, latestVersion, …}`) and POST …/blueprint-upgrade installs the newest
// version with that setup into a new Draft, leaving the (perhaps edited) workflow as it was. An
// install made from an older version is stood in for by its recorded version set back: the six
// blueprints are the only ones there are, and no fake one is shipped for a test.
import { beforeAll, describe, expect, it } from "vitest";
import { newHireProvisioning } from "@/lib/blueprints/new-hire-provisioning";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { createAccount, startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
const setup = newHireProvisioning.exampleSetup;
let graphA: string;
let graphB: string;

beforeAll(async () => {
  // Two directory accounts: only the choice made at install can say which the steps call.
  graphA = await createAccount(t.tech, t.provider.id, "directory", "Graph A", { token: "graph-a" });
  graphB = await createAccount(t.tech, t.provider.id, "directory", "Graph B", { token: "graph-b" });
});

const install = async (connections: Record<string, string | null> = {}): Promise<Json> => {
  const res = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/blueprints/new-hire-provisioning`, { setup, connections });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
/** What an install made by version `v` recorded. */
const installedAt = (workflowId: string, v: number) => db().workflow.update({ where: { id: workflowId }, data: { blueprintVersion: v } });
const upgrade = (workflowId: string, api = t.tech) => api.post(`/api/v1/workflows/${workflowId}/blueprint-upgrade`);
const connectionOf = (wf: Json, stepId: string) => wf.steps.find((s: Json) => s.id === stepId).config.connectionId;

describe("blueprint origin and upgrade", () => {
  it("records the blueprint, its version and the setup at install; the newest version offers no upgrade", async () => {
    const wf = await install({ directory: graphB });
    expect(wf.blueprint).toMatchObject({ slug: "new-hire-provisioning", version: 3, latestVersion: 3, changes: [] });
    const read = await t.tech.get(`/api/v1/workflows/${wf.id}`);
    expect(read.body.blueprint).toEqual({ slug: "new-hire-provisioning", title: "New-hire provisioning", version: 3, latestVersion: 3, changes: [] });
    // Every field the GET had before is still there.
    expect(Object.keys(read.body)).toEqual(expect.arrayContaining(["id", "workspaceId", "name", "mode", "steps", "webhookUrl", "version", "createdAt", "updatedAt"]));
    const row = await db().workflow.findUniqueOrThrow({ where: { id: wf.id } });
    expect(row).toMatchObject({ blueprintSlug: "new-hire-provisioning", blueprintVersion: 3, blueprintSetup: setup, blueprintConnections: { directory: graphB } });

    const gallery = (await t.tech.get("/api/v1/blueprints")).body.blueprints.find((b: Json) => b.slug === "new-hire-provisioning");
    expect(gallery).toMatchObject({ version: 3, changes: [{ version: 1 }, { version: 2 }, { version: 3 }] });

    const same = await upgrade(wf.id);
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({ error: "blueprint_up_to_date" });
    expect(await db().workflow.count({ where: { workspaceId: t.provider.id, blueprintSlug: "new-hire-provisioning" } })).toBe(1);
  });

  it("an install from v1 is told of v2 and v3, and Install v3 makes a new Draft with the new steps, the same setup and account", async () => {
    const old = await install({ directory: graphA });
    await installedAt(old.id, 1);
    // The technician's own edit since: kept as it is.
    const edited = await t.tech.put(`/api/v1/workflows/${old.id}`, { name: "Onboarding (ours)", version: old.version });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const read = await t.tech.get(`/api/v1/workflows/${old.id}`);
    expect(read.body.blueprint).toMatchObject({ slug: "new-hire-provisioning", version: 1, latestVersion: 3 });
    expect(read.body.blueprint.changes.map((c: Json) => c.version)).toEqual([2, 3]);
    expect(read.body.blueprint.changes[1].note).toContain("sent again");
    const listed = (await t.tech.get(`/api/v1/workspaces/${t.provider.id}/workflows`)).body.workflows.find((w: Json) => w.id === old.id);
    expect(listed.blueprint).toMatchObject({ version: 1, latestVersion: 3 });

    const res = await upgrade(old.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.id).not.toBe(old.id);
    expect(res.body).toMatchObject({ mode: "draft", name: "Onboarding (ours) (v3)", workspaceId: t.provider.id });
    expect(res.body.steps).toHaveLength(16);
    expect(res.body.steps.map((s: Json) => s.id)).toContain("check_access");
    expect(connectionOf(res.body, "create_user")).toBe(graphA);
    const fresh = await t.tech.get(`/api/v1/workflows/${res.body.id}`);
    expect(fresh.body.blueprint).toMatchObject({ version: 3, latestVersion: 3 });
    const row = await db().workflow.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.blueprintSetup).toEqual(setup);

    // The workflow it came from is untouched.
    const after = await t.tech.get(`/api/v1/workflows/${old.id}`);
    expect(after.body).toMatchObject({ name: "Onboarding (ours)", version: read.body.version, blueprint: { version: 1 } });
    expect(after.body.steps).toEqual(read.body.steps);
  });

  it("an account chosen then and deleted since is picked again rather than refused", async () => {
    const extra = await createAccount(t.tech, t.provider.id, "chat", "Chat gone", { token: "chat-token" }, "https://chat.example.test/hooks");
    const old = await install({ chat: extra });
    await installedAt(old.id, 2);
    expect((await t.tech.del(`/api/v1/connections/${extra}?force=true`)).status).toBe(204);
    const res = await upgrade(old.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(connectionOf(res.body, "notify_manager")).toBeNull();
  });

  it("tenancy and roles: another tenant's workflow is 404, a viewer 403, a workflow not from a blueprint 409", async () => {
    const old = await install();
    await installedAt(old.id, 1);
    expect((await upgrade(old.id, t.api(t.users.outsider))).status).toBe(404);
    expect((await upgrade(old.id, t.viewer)).status).toBe(403);
    expect((await t.api(t.users.outsider).get(`/api/v1/workflows/${old.id}`)).status).toBe(404);
    const own = await t.createSource("Hand-made", [{ id: "hook", kind: "webhook", name: "Hook", config: {} }]);
    expect((await t.tech.get(`/api/v1/workflows/${own.id}`)).body).not.toHaveProperty("blueprint");
    const none = await upgrade(own.id);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ error: "not_from_blueprint" });
    expect(await db().workflow.count({ where: { blueprintVersion: 3, name: { endsWith: "(v3)" }, workspaceId: { not: t.provider.id } } })).toBe(0);
  });

  it("a pushed copy carries the blueprint, version and setup, not the provider's accounts, and can install v3 in the client's workspace", async () => {
    const source = await install({ directory: graphA });
    await installedAt(source.id, 1);
    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id, sampleData: "keep" });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const copyId = pushed.body.copy.id as string;
    const copy = await t.adminA.get(`/api/v1/workflows/${copyId}`);
    expect(copy.body.blueprint).toMatchObject({ slug: "new-hire-provisioning", version: 1, latestVersion: 3 });
    expect(await db().workflow.findUniqueOrThrow({ where: { id: copyId } })).toMatchObject({ blueprintSetup: setup, blueprintConnections: null });

    const res = await upgrade(copyId, t.adminA);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ workspaceId: t.clientA.id, mode: "draft" });
    expect(res.body.steps).toHaveLength(16);
    expect(connectionOf(res.body, "create_user")).toBeNull();
  });
});
