// Switching an existing key's kind — the fix for Go live's wrong_kind refusal without deleting the
// key. A plain variable made secret with {"secret": true, "hasValue": true} (the Variables page's
// Make secret) keeps its value, now encrypted and never read back; a secret cannot be made plain
// that way (its value would be on show): 400 asking for the value, nothing changed. The switch is
// refused while workflows read the key the old way (409, as a delete), audited as a kind change,
// and Go live's refusal names it.
import { describe, expect, it } from "vitest";
import { describeAuditEvent } from "@/lib/audit/describe-audit-event";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/secrets/crypto";
import { startTenancyServer } from "../helpers/tenancy-server";

const t = startTenancyServer();

const base = () => `/api/v1/workspaces/${t.provider.id}/variables`;
const row = (key: string) => db().variable.findFirstOrThrow({ where: { workspaceId: t.provider.id, key } });
const webhook = { kind: "webhook", config: {} };
const httpReading = (url: string) => ({ kind: "http", name: "Call", config: { method: "GET", url } });

describe("switching a key between plain variable and secret", () => {
  it("Make secret keeps the value, encrypted and never read back, and is audited as a kind change", async () => {
    expect((await t.tech.put(`${base()}/TENANT_ID`, { value: "contoso-tenant-42" })).status).toBe(201);
    const made = await t.tech.put(`${base()}/TENANT_ID`, { secret: true, hasValue: true });
    expect(made).toEqual({ status: 200, body: { variable: { key: "TENANT_ID", secret: true, hasValue: true, updatedAt: expect.any(String) } } });
    const stored = await row("TENANT_ID");
    expect(stored.value).toBeNull();
    expect(decryptSecret(stored.valueEncrypted!)).toBe("contoso-tenant-42");
    expect(JSON.stringify((await t.viewer.get(base())).body)).not.toContain("contoso-tenant-42");

    const event = await db().auditEvent.findFirstOrThrow({ where: { workspaceId: t.provider.id, action: "variable_updated" }, orderBy: { createdAt: "desc" } });
    expect(event.details).toEqual({ key: "TENANT_ID", secret: true, kindChanged: true });
    expect(describeAuditEvent("variable_updated", event.details as Record<string, unknown>)).toEqual({ label: "Variable made secret", tone: "amber", text: "secret TENANT_ID" });
    expect(describeAuditEvent("variable_updated", { key: "K", secret: false, kindChanged: true }).label).toBe("Secret made a plain variable");
  });

  it("a secret is made plain only with its new value: without one, 400 and nothing changed", async () => {
    expect((await t.tech.put(`${base()}/PSA_URL`, { value: "https://psa.example", secret: true })).status).toBe(201);
    const refused = await t.tech.put(`${base()}/PSA_URL`, { secret: false, hasValue: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: "value", message: expect.stringContaining("making the secret PSA_URL a plain variable needs its new value") });
    const kept = await row("PSA_URL");
    expect(kept.secret).toBe(true);
    expect(decryptSecret(kept.valueEncrypted!)).toBe("https://psa.example");

    expect((await t.tech.put(`${base()}/PSA_URL`, { secret: false, value: "https://psa2.example" })).body.variable).toMatchObject({ secret: false, value: "https://psa2.example" });
  });

  it("is refused while a Live workflow reads the key the old way, and Go live names the switch as the fix", async () => {
    const ws = t.provider.id;
    expect((await t.tech.put(`${base()}/CLIENT_NAME`, { value: "Contoso", secret: true })).status).toBe(201);
    // A workflow reads it as the secret it is, and is Live.
    const reader = await t.tech.post(`/api/v1/workspaces/${ws}/workflows`, { name: "Reads the secret", steps: [webhook, httpReading("https://a.test/{{ secrets.CLIENT_NAME }}")] });
    expect(reader.status).toBe(201);
    expect((await t.tech.post(`/api/v1/workflows/${reader.body.id}/live`)).status).toBe(200);
    // Another reads it as a variable: Go live is refused, naming the switch.
    const wrong = await t.tech.post(`/api/v1/workspaces/${ws}/workflows`, { name: "Reads a variable", steps: [webhook, httpReading("https://a.test/{{ vars.CLIENT_NAME }}")] });
    const live = await t.tech.post(`/api/v1/workflows/${wrong.body.id}/live`);
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ error: "wrong_kind", key: "CLIENT_NAME", secret: true });
    expect(live.body.message).toBe(
      'CLIENT_NAME is a secret in this workspace but the workflow reads it as a variable ({{ vars.CLIENT_NAME }}): switch its kind on the Variables page ("Make variable", typing its value again: a secret\'s value is never shown), ' +
        "or change the workflow to read {{ secrets.CLIENT_NAME }}; or keep the workflow in Draft",
    );

    // The switch would break the Live reader: refused as a delete is, naming it; nothing changed.
    const refused = await t.tech.put(`${base()}/CLIENT_NAME`, { secret: false, value: "Contoso" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "secret_in_use", workflows: [{ id: reader.body.id, mode: "live" }] });
    expect((await row("CLIENT_NAME")).secret).toBe(true);

    // Once the reader is back in Draft (and changed), the switch goes through and so does Go live.
    expect((await t.tech.post(`/api/v1/workflows/${reader.body.id}/draft`)).status).toBe(200);
    expect((await t.tech.del(`/api/v1/workflows/${reader.body.id}`)).status).toBe(204);
    expect((await t.tech.put(`${base()}/CLIENT_NAME`, { secret: false, value: "Contoso" })).status).toBe(200);
    expect((await t.tech.post(`/api/v1/workflows/${wrong.body.id}/live`)).status).toBe(200);
    expect((await t.tech.post(`/api/v1/workflows/${wrong.body.id}/draft`)).status).toBe(200);
  });

  it("a plain variable read as a secret: Go live names Make secret", async () => {
    const ws = t.provider.id;
    expect((await t.tech.put(`${base()}/API_TOKEN`, { value: "tok-9" })).status).toBe(201);
    const wf = await t.tech.post(`/api/v1/workspaces/${ws}/workflows`, { name: "Reads a secret", steps: [webhook, { kind: "http", name: "Call", config: { method: "GET", url: "https://a.test", headers: [{ name: "x-key", value: "{{ secrets.API_TOKEN }}" }] } }] });
    const live = await t.tech.post(`/api/v1/workflows/${wf.body.id}/live`);
    expect(live.status).toBe(409);
    expect(live.body.message).toContain('API_TOKEN is a plain variable in this workspace but the workflow reads it as a secret ({{ secrets.API_TOKEN }}): switch its kind on the Variables page ("Make secret": its value is kept, encrypted)');
    // Made secret keeping its value: Go live now passes.
    expect((await t.tech.put(`${base()}/API_TOKEN`, { secret: true, hasValue: true })).status).toBe(200);
    expect((await t.tech.post(`/api/v1/workflows/${wf.body.id}/live`)).status).toBe(200);
    expect((await t.tech.post(`/api/v1/workflows/${wf.body.id}/draft`)).status).toBe(200);
  });
});
