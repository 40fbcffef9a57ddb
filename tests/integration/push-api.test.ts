// Push over the real server: the preflight (item by item, nothing written), the push rules
// (accounts 1 / 0 / several, keys created without values, values never copied, files, sample
// data keep/clear, Draft copy marked with its source), a second client, re-push in place, and
// the provider's per-client status.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { createAccount, createSourceWorkflow, startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
let source: Json;
const acc: Record<string, string> = {};

const counts = async () => ({
  workflows: await db().workflow.count(),
  variables: await db().variable.count(),
  files: await db().file.count(),
  copies: await db().workflowCopy.count(),
  audit: await db().auditEvent.count(),
});

beforeAll(async () => {
  const p = t.provider.id;
  source = await createSourceWorkflow(t.tech, p);
  // The provider's own values, which must never reach a client.
  await t.tech.put(`/api/v1/workspaces/${p}/variables/GRAPH_URL`, { value: "https://graph.provider.example", secret: false });
  await t.tech.put(`/api/v1/workspaces/${p}/variables/GRAPH_KEY`, { value: "provider-graph-key-secret", secret: true });
  await t.putFile(p, "welcome.txt", "Welcome aboard", t.users.tech);
  // Client A: one directory account, two PSA accounts, no AI account.
  acc.dirA = await createAccount(t.adminA, t.clientA.id, "directory", "Client A Graph", { token: "client-a-graph" });
  acc.psaA1 = await createAccount(t.adminA, t.clientA.id, "psa", "PSA main", { username: "a", password: "client-a-psa-1" });
  acc.psaA2 = await createAccount(t.adminA, t.clientA.id, "psa", "PSA backup", { username: "a", password: "client-a-psa-2" });
});

describe("preflight", () => {
  it("lists accounts, keys, files and sample data, and writes nothing", async () => {
    const before = await counts();
    const r = await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${t.clientA.id}`);
    expect(r.status).toBe(200);
    const apps = Object.fromEntries(r.body.connections.map((c: Json) => [c.app, c]));
    expect(apps.directory).toMatchObject({ outcome: "one_account", steps: [{ stepId: "user", result: "selected", account: { id: acc.dirA, name: "Client A Graph" } }] });
    expect(apps.psa).toMatchObject({ outcome: "several_accounts", clientAccounts: [{ name: "PSA backup" }, { name: "PSA main" }], steps: [{ stepId: "ticket", result: "no_account", account: null }] });
    expect(apps.openai).toMatchObject({ outcome: "no_account", clientAccounts: [], steps: [{ stepId: "summary", result: "no_account" }] });
    expect(r.body.variables).toEqual([
      { key: "GRAPH_URL", secret: false, status: "created_without_value" },
      { key: "GRAPH_KEY", secret: true, status: "created_without_value" },
    ]);
    expect(r.body.files).toEqual([{ name: "welcome.txt", status: "copied", differsFromProvider: false }]);
    expect(r.body.sampleData).toEqual({ present: true, steps: [{ stepId: "hook", number: 1, name: "Webhook" }], clientOwn: [], options: ["keep", "clear"] });
    expect(r.body).toMatchObject({ existingCopy: null, valuesCopied: false, trigger: { sharedSecret: "not_copied" }, target: { id: t.clientA.id, name: "Client A" } });
    expect(r.body.notes.join(" ")).toContain("new copy in Draft");
    expect(await counts()).toEqual(before);
  });

  it("accepts only one of the provider's own clients as target", async () => {
    expect((await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight`)).status).toBe(400);
    expect((await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${t.provider.id}`)).status).toBe(400);
    expect((await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${t.otherClient.id}`)).status).toBe(404);
    expect((await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: [t.clientA.id, t.clientB.id], sampleData: "keep" })).status).toBe(400);
    expect((await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id })).status).toBe(400);
    expect((await t.api(t.users.providerViewer).post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id, sampleData: "keep" })).status).toBe(403);
  });
});

describe("push", () => {
  let copy: Json;

  it("creates a Draft copy in the client, marked with source and version; values never copied", async () => {
    const r = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id, sampleData: "keep" });
    expect(r.status).toBe(201);
    copy = r.body.copy;
    expect(copy).toMatchObject({ workspaceId: t.clientA.id, name: "New-hire onboarding", mode: "draft", webhookUrl: null });
    const step = (id: string) => copy.steps.find((s: Json) => s.id === id);
    expect(step("user").config.connectionId).toBe(acc.dirA);
    expect(step("ticket").config.connectionId).toBeNull();
    expect(step("summary").config.connectionId).toBeNull();
    expect(step("hook").config).toMatchObject({ sharedSecret: { set: false }, testingData: { firstName: "Alice" } });

    const link = await db().workflowCopy.findUniqueOrThrow({ where: { copyWorkflowId: copy.id } });
    expect(link).toMatchObject({ sourceWorkflowId: source.id, sourceVersion: source.version, sourceWorkspaceId: t.provider.id, sampleData: "keep" });
    const review = (await t.adminA.get(`/api/v1/workflows/${copy.id}/review`)).body;
    expect(review).toMatchObject({ pushed: true, source: { workflowId: source.id, name: "New-hire onboarding", version: source.version } });

    const vars = await db().variable.findMany({ where: { workspaceId: t.clientA.id }, orderBy: { key: "asc" } });
    expect(vars.map((v) => [v.key, v.secret, v.value, v.valueEncrypted])).toEqual([
      ["GRAPH_KEY", true, null, null],
      ["GRAPH_URL", false, null, null],
    ]);
    const file = await db().file.findFirstOrThrow({ where: { workspaceId: t.clientA.id, name: "welcome.txt" } });
    expect(Buffer.from(file.data).toString()).toBe("Welcome aboard");
    const copyRow = await db().workflow.findUniqueOrThrow({ where: { id: copy.id } });
    expect(JSON.stringify(copyRow.steps)).not.toMatch(/sharedSecretEncrypted|provider-hook-secret/);
  });

  it("a second client is a second push, with its own copy; clear drops the sample data", async () => {
    const r = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientB.id, sampleData: "clear" });
    expect(r.status).toBe(201);
    expect(r.body.copy.id).not.toBe(copy.id);
    expect(r.body.copy.workspaceId).toBe(t.clientB.id);
    expect(r.body.copy.steps[0].config).not.toHaveProperty("testingData");
    expect(await db().workflow.count({ where: { workspaceId: t.clientA.id } })).toBe(1);
  });

  it("re-push updates the copy in place, keeps account choices and values, and says so first", async () => {
    // The client completes part of its side: a PSA account and the secret's value.
    expect((await t.adminA.put(`/api/v1/workflows/${copy.id}/review/accounts/ticket`, { connectionId: acc.psaA2 })).status).toBe(200);
    await t.adminA.put(`/api/v1/workspaces/${t.clientA.id}/variables/GRAPH_KEY`, { value: "client-a-graph-key", secret: true });
    // The provider saves a new version.
    const edited = { name: source.name, steps: source.steps.map((s: Json) => (s.id === "summary" ? { ...s, config: { ...s.config, prompt: "Summarize {{ 1.firstName }} briefly" } } : s)) };
    expect((await t.tech.put(`/api/v1/workflows/${source.id}`, edited)).status).toBe(200);
    const status = (await t.tech.get(`/api/v1/workflows/${source.id}/pushes`)).body.copies;
    expect(status.find((c: Json) => c.target.id === t.clientA.id)).toMatchObject({ status: "behind", pushedVersion: source.version, currentVersion: source.version + 1 });

    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${t.clientA.id}`)).body;
    expect(pre.existingCopy).toMatchObject({ workflowId: copy.id, pushedSourceVersion: source.version, editedByClient: false });
    expect(pre.notes.join(" ")).toContain("updates that copy in place, keeps the client's account choices and variable and secret values");
    expect(pre.connections.find((c: Json) => c.app === "psa").steps[0]).toMatchObject({ result: "kept", account: { id: acc.psaA2 } });
    expect(pre.variables).toEqual([
      { key: "GRAPH_URL", secret: false, status: "present_without_value" },
      { key: "GRAPH_KEY", secret: true, status: "present" },
    ]);

    const r = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id, sampleData: "keep" });
    expect(r.status).toBe(200);
    expect(r.body.copy.id).toBe(copy.id);
    expect(r.body.copy.mode).toBe("draft");
    const step = (id: string) => r.body.copy.steps.find((s: Json) => s.id === id);
    expect(step("ticket").config.connectionId).toBe(acc.psaA2);
    expect(step("summary").config.prompt).toContain("briefly");
    const secret = await db().variable.findFirstOrThrow({ where: { workspaceId: t.clientA.id, key: "GRAPH_KEY" } });
    expect(secret.valueEncrypted).toMatch(/^v1:/);
    expect(await db().workflow.count({ where: { workspaceId: t.clientA.id } })).toBe(1);
    const after = (await t.tech.get(`/api/v1/workflows/${source.id}/pushes`)).body.copies;
    expect(after.map((c: Json) => [c.target.name, c.status, c.pushCount])).toEqual([["Client A", "up_to_date", 2], ["Client B", "behind", 1]]);
  });

  it("shows a copy the client edited as edited_by_client", async () => {
    const current = (await t.adminA.get(`/api/v1/workflows/${copy.id}`)).body;
    const steps = current.steps.map((s: Json) => (s.id === "summary" ? { id: s.id, kind: s.kind, name: s.name, config: { ...s.config, prompt: "Client wording" } } : { id: s.id, kind: s.kind, name: s.name, config: s.config }));
    expect((await t.adminA.put(`/api/v1/workflows/${copy.id}`, { name: current.name, steps })).status).toBe(200);
    const status = (await t.tech.get(`/api/v1/workflows/${source.id}/pushes`)).body.copies;
    expect(status.find((c: Json) => c.target.id === t.clientA.id)).toMatchObject({ status: "edited_by_client", editedByClient: true, behind: false });
    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${t.clientA.id}`)).body;
    expect(pre.notes.join(" ")).toContain("pushing replaces those edits");
  });

  it("two pushes of one workflow to one client at the same moment leave exactly one copy", async () => {
    const wf = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/workflows`, { name: "Race", steps: [{ kind: "webhook", config: {} }] });
    const push = () => t.tech.post(`/api/v1/workflows/${wf.body.id}/push`, { targetWorkspaceId: t.clientB.id, sampleData: "keep" });
    const results = await Promise.all([push(), push(), push()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => r.body.copy.id)).size).toBe(1);
    expect(await db().workflowCopy.count({ where: { sourceWorkflowId: wf.body.id } })).toBe(1);
    expect(await db().workflowCopy.findFirstOrThrow({ where: { sourceWorkflowId: wf.body.id } })).toMatchObject({ pushCount: 3 });
  });
});
