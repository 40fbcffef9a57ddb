// The blueprint API over the real server: the gallery list, installing as a Draft workflow,
// setup errors naming the field, connection choice (given / only account / none / several),
// workspace variables filled but never overwritten, and tenancy.
import { describe, expect, it } from "vitest";
import { createConnection } from "@/lib/connections/create-connection";
import { db } from "@/lib/db/client";
import { apiClient, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, web, api } = startTestServer();

const install = (slug: string, body: unknown, workspaceId = t.clientA1.id, client = api) => client.post(`/api/v1/workspaces/${workspaceId}/blueprints/${slug}`, body);
const leaverSetup = { documentationOrganizationId: "ORG-311", paidLicenses: ["O365_BUSINESS_PREMIUM"], vaultCollections: ["col-billing"] };

describe("GET /api/v1/blueprints", () => {
  it("lists the six blueprints with cards, steps, apps and setup forms", async () => {
    const res = await api.get("/api/v1/blueprints");
    expect(res.status).toBe(200);
    const list = res.body.blueprints as Json[];
    expect(list.map((b) => b.number)).toEqual([1, 2, 3, 4, 5, 6]);
    const edr = list.find((b) => b.slug === "edr-alert-triage");
    expect(edr.steps.map((s: Json) => s.kind)).toEqual(["webhook", "ai_prompt", "conditions", "http", "http", "http", "http"]);
    expect(edr.apps).toContainEqual({ key: "edr", label: "Endpoint security (EDR)" });
    expect(edr.setupSchema.properties.criticalAction).toMatchObject({ enum: ["isolate", "notify_only"], default: "isolate" });
    const warranty = list.find((b) => b.number === 6);
    expect(warranty.setupSchema.properties.lookAheadDays.default).toBe(90);
    expect(warranty.trigger).toEqual({ kind: "scheduler", summary: "Scheduler: 15th of every month, 08:00 UTC" });
  });

  it("needs authentication", async () => {
    expect((await fetch(`${web.baseUrl}/api/v1/blueprints`)).status).toBe(401);
  });
});

describe("POST /api/v1/workspaces/{ws}/blueprints/{slug}", () => {
  it("installs a Draft workflow, fills the variables and reports the connections", async () => {
    const res = await install("leaver-deprovisioning", { setup: leaverSetup });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ workspaceId: t.clientA1.id, name: "Leaver deprovisioning", mode: "draft", webhookUrl: null });
    expect(res.body.steps).toHaveLength(12);
    expect(res.body.steps[8]).toMatchObject({ number: 9, kind: "http", config: { url: "/users/{{ 2.body.id }}/assignLicense", connectionId: null } });
    expect(res.body.blueprint.variables).toEqual([{ key: "DOC_ORGANIZATION_ID", status: "created" }]);
    expect(res.body.blueprint.connections).toEqual(
      Object.entries({ directory: 7, password_manager: 1, documentation: 1, psa: 1 }).map(([app, steps]) => ({ app, connectionId: null, status: "none", steps })),
    );
    const v = await db().variable.findUnique({ where: { workspaceId_key: { workspaceId: t.clientA1.id, key: "DOC_ORGANIZATION_ID" } } });
    expect(v?.value).toBe("ORG-311");
    const read = await api.get(`/api/v1/workflows/${res.body.id}`);
    expect(read.body.steps.map((s: Json) => s.id)).toEqual(res.body.steps.map((s: Json) => s.id));
  });

  it("keeps an existing variable value and says when it differs; fills one without a value", async () => {
    await db().variable.create({ data: { workspaceId: t.clientA1.id, key: "CLIENT_NAME", value: null } });
    const first = await install("low-disk-remediation", { setup: { cleanupScriptId: "scr-1" } });
    expect(first.body.blueprint.variables).toEqual([]);
    const edr = await install("edr-alert-triage", { setup: { clientName: "Contoso Dental" } });
    expect(edr.body.blueprint.variables).toEqual([{ key: "CLIENT_NAME", status: "filled" }]);
    const again = await install("warranty-lifecycle-report", { setup: { clientName: "Contoso Dental Group" } });
    expect(again.body.blueprint.variables).toEqual([{ key: "CLIENT_NAME", status: "kept", differs: true }]);
    const leaver = await install("leaver-deprovisioning", { setup: leaverSetup });
    expect(leaver.body.blueprint.variables).toEqual([{ key: "DOC_ORGANIZATION_ID", status: "kept", differs: false }]);
    const v = await db().variable.findUnique({ where: { workspaceId_key: { workspaceId: t.clientA1.id, key: "CLIENT_NAME" } } });
    expect(v?.value).toBe("Contoso Dental");
  });

  it("reports a key the workspace holds as a secret as wrong_kind, leaves it, and Go live refuses the workflow until it is a variable", async () => {
    const ws = (await db().workspace.create({ data: { name: "Client A2", kind: "client", providerId: t.providerA.id } })).id;
    expect((await api.put(`/api/v1/workspaces/${ws}/variables/CLIENT_NAME`, { value: "Contoso", secret: true })).status).toBe(201);
    await createConnection({ workspaceId: ws, app: "asset_inventory", name: "Inventory", baseUrl: "https://inventory.example.test" });
    await createConnection({ workspaceId: ws, app: "chat", name: "Chat", baseUrl: "https://chat.example.test/hooks" });
    const res = await install("warranty-lifecycle-report", { setup: { clientName: "Contoso Dental" } }, ws);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.blueprint.variables).toEqual([{ key: "CLIENT_NAME", status: "wrong_kind" }]);
    expect(await db().variable.findMany({ where: { workspaceId: ws }, select: { key: true, secret: true } })).toEqual([{ key: "CLIENT_NAME", secret: true }]);

    // Every step is filled in (the only accounts were chosen): the key alone stands between it and Live.
    const live = await api.post(`/api/v1/workflows/${res.body.id}/live`);
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ error: "wrong_kind", key: "CLIENT_NAME", secret: true });
    expect(live.body.message).toBe(
      'CLIENT_NAME is a secret in this workspace but the workflow reads it as a variable ({{ vars.CLIENT_NAME }}): switch its kind on the Variables page ("Make variable", typing its value again: a secret\'s value is never shown), ' +
        "or change the workflow to read {{ secrets.CLIENT_NAME }}; or keep the workflow in Draft",
    );
    expect((await db().workflow.findUniqueOrThrow({ where: { id: res.body.id } })).mode).toBe("draft");

    expect((await api.del(`/api/v1/workspaces/${ws}/variables/CLIENT_NAME?force=true`)).status).toBe(204);
    expect((await api.put(`/api/v1/workspaces/${ws}/variables/CLIENT_NAME`, { value: "Contoso Dental" })).status).toBe(201);
    const again = await api.post(`/api/v1/workflows/${res.body.id}/live`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.mode).toBe("live");
    expect((await api.post(`/api/v1/workflows/${res.body.id}/draft`)).status).toBe(200);
  });

  it("selects the workspace's only account of an app, a given one, or none when there are several", async () => {
    const ws = t.providerA.id;
    const rmm = await createConnection({ workspaceId: ws, app: "rmm", name: "RMM", baseUrl: "https://rmm.example.test/api/v2" });
    const psa1 = await createConnection({ workspaceId: ws, app: "psa", name: "PSA one" });
    await createConnection({ workspaceId: ws, app: "psa", name: "PSA two" });
    const auto = await install("low-disk-remediation", { setup: { cleanupScriptId: "scr-1" } }, ws);
    expect(auto.status).toBe(201);
    expect(auto.body.blueprint.connections).toEqual([
      { app: "rmm", connectionId: rmm.id, status: "only_account", steps: 3 },
      { app: "psa", connectionId: null, status: "several", steps: 4 },
    ]);
    expect(auto.body.steps[1].config.connectionId).toBe(rmm.id);
    expect(auto.body.steps[6].config.connectionId).toBeNull();
    const given = await install("low-disk-remediation", { setup: { cleanupScriptId: "scr-1" }, connections: { psa: psa1.id }, name: "Low disk (Contoso)" }, ws);
    expect(given.body.name).toBe("Low disk (Contoso)");
    expect(given.body.blueprint.connections[1]).toEqual({ app: "psa", connectionId: psa1.id, status: "chosen", steps: 4 });
    expect(given.body.steps.filter((s: Json) => s.config.connectionId === psa1.id)).toHaveLength(4);
  });

  it("counts the steps that call each app: none for an app this setup's variant leaves out", async () => {
    const setup = { domain: "contoso-dental.com", clientName: "Contoso Dental", documentationOrganizationId: "ORG-1" };
    const doc = await install("new-hire-provisioning", { setup }, t.providerB.id, apiClient(web.baseUrl, t.outsider.token));
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    expect(doc.body.blueprint.connections.map((c: Json) => [c.app, c.steps])).toEqual([["directory", 5], ["password_manager", 1], ["documentation", 1], ["psa", 0], ["chat", 1]]);
    const psa = await install("new-hire-provisioning", { setup: { ...setup, contactRecord: "psa" } }, t.providerB.id, apiClient(web.baseUrl, t.outsider.token));
    expect(psa.body.blueprint.connections.map((c: Json) => [c.app, c.steps])).toEqual([["directory", 5], ["password_manager", 1], ["documentation", 0], ["psa", 1], ["chat", 1]]);
  });

  it("answers 400 naming the setup field, or the connection", async () => {
    const bad = await install("new-hire-provisioning", { setup: { domain: "not a domain", clientName: "X", documentationOrganizationId: "O" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "invalid_setup", field: "setup.domain" });
    expect(bad.body.message).toMatch(/^setup\.domain: /);
    const missing = await install("license-reconciliation", { setup: { clientName: "X", tenantId: "t", agreementId: "a" } });
    expect(missing.body).toMatchObject({ error: "invalid_setup", field: "setup.skus" });
    expect(missing.body.message).toBe("setup.skus: is required");
    // A wrong time zone is the setup field's problem, not the workflow's step 1.
    const zone = await install("warranty-lifecycle-report", { setup: { clientName: "X", timezone: "Europe/Londn" } });
    expect(zone.body).toMatchObject({ error: "invalid_setup", field: "setup.timezone", message: "setup.timezone: must be an IANA time zone such as UTC or Europe/London" });
    const wrongApp = await install("low-disk-remediation", { setup: { cleanupScriptId: "s" }, connections: { psa: "nope" } });
    expect(wrongApp.status).toBe(400);
    expect(wrongApp.body).toMatchObject({ error: "invalid_connection", field: "connections.psa" });
    const foreign = await install("low-disk-remediation", { setup: { cleanupScriptId: "s" }, connections: { openai: null } });
    expect(foreign.body.field).toBe("connections.openai");
    const notJson = await fetch(`${web.baseUrl}/api/v1/workspaces/${t.clientA1.id}/blueprints/low-disk-remediation`, { method: "POST", headers: { authorization: `Bearer ${t.editor.token}` }, body: "{" });
    expect(notJson.status).toBe(400);
  });

  it("needs the editor role in a workspace the caller can see; unknown blueprints are 404", async () => {
    const before = await db().workflow.count();
    expect((await install("low-disk-remediation", { setup: { cleanupScriptId: "s" } }, t.clientA1.id, apiClient(web.baseUrl, t.viewer.token))).status).toBe(403);
    expect((await install("low-disk-remediation", { setup: { cleanupScriptId: "s" } }, t.clientA1.id, apiClient(web.baseUrl, t.outsider.token))).status).toBe(404);
    expect((await install("no-such-blueprint", { setup: {} })).status).toBe(404);
    expect(await db().workflow.count()).toBe(before);
  });
});
