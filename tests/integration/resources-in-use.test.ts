// Deleting a variable, secret or file that workflows read: 409 variable_in_use / secret_in_use /
// file_in_use naming them ({id, name, mode}, Live first, only the resource's own workspace),
// nothing deleted; ?force=true deletes anyway; an unused one goes at once. "Read" is what push
// planning reads: template references of the right kind, and vars.X in a code step's body.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTenancyServer } from "../helpers/tenancy-server";

const t = startTenancyServer();

const vars = () => `/api/v1/workspaces/${t.provider.id}/variables`;
const files = () => `/api/v1/workspaces/${t.provider.id}/files`;

const workflow = async (name: string, step: { kind: string; config: Record<string, unknown> }) => {
  const r = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/workflows`, { name, steps: [{ kind: "webhook", config: {} }, step] });
  expect(r.status).toBe(201);
  return r.body.id as string;
};
const http = (body: string) => ({ kind: "http", config: { method: "POST", url: "https://chat.example/hook", body: { type: "raw", raw: body } } });

describe("DELETE /workspaces/{ws}/variables/{key}", () => {
  it("refuses a variable that workflows read, naming them, until forced", async () => {
    await t.tech.put(`${vars()}/CLIENT_NAME`, { value: "Contoso" });
    const live = await workflow("EDR alert", http("Host isolated for {{ vars.CLIENT_NAME }}"));
    const code = await workflow("Code reads it", { kind: "code", config: { code: 'return { c: vars["CLIENT_NAME"] };' } });
    // Neither the other kind, nor the key's text outside a reference, uses it.
    await workflow("Reads a secret of that name", http("{{ secrets.CLIENT_NAME }}"));
    await workflow("CLIENT_NAME in prose", http("CLIENT_NAME"));
    expect((await t.tech.post(`/api/v1/workflows/${live}/live`)).status).toBe(200);

    const r = await t.tech.del(`${vars()}/CLIENT_NAME`);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "variable_in_use", message: expect.stringContaining("used by 2 workflows, 1 of them Live") });
    expect(r.body.workflows).toEqual([
      { id: live, name: "EDR alert", mode: "live" },
      { id: code, name: "Code reads it", mode: "draft" },
    ]);
    expect(await db().variable.count({ where: { workspaceId: t.provider.id, key: "CLIENT_NAME" } })).toBe(1);
    expect((await t.tech.del(`${vars()}/CLIENT_NAME?force=false`)).status).toBe(409);
    expect((await t.tech.del(`${vars()}/CLIENT_NAME?force=yes`)).status).toBe(400);
    expect((await t.api(t.users.providerViewer).del(`${vars()}/CLIENT_NAME?force=true`)).status).toBe(403);
    expect((await t.api(t.users.outsider).del(`${vars()}/CLIENT_NAME?force=true`)).status).toBe(404);

    expect((await t.tech.del(`${vars()}/CLIENT_NAME?force=true`)).status).toBe(204);
    expect(await db().variable.count({ where: { workspaceId: t.provider.id, key: "CLIENT_NAME" } })).toBe(0);
    expect((await t.tech.del(`${vars()}/CLIENT_NAME?force=true`)).status).toBe(404);
  });

  it("refuses a secret that workflows read as secret_in_use", async () => {
    await t.tech.put(`${vars()}/EDR_TOKEN`, { value: "edr-token-value", secret: true });
    const wf = await workflow("Isolate host", { kind: "http", config: { method: "POST", url: "https://edr.example/isolate", headers: [{ name: "Authorization", value: "Bearer {{ secrets.EDR_TOKEN }}" }] } });
    const r = await t.tech.del(`${vars()}/EDR_TOKEN`);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "secret_in_use", workflows: [{ id: wf, name: "Isolate host", mode: "draft" }] });
    expect(JSON.stringify(r.body)).not.toContain("edr-token-value");
    expect((await t.tech.del(`${vars()}/EDR_TOKEN?force=true`)).status).toBe(204);
  });

  it("deletes a key no workflow reads at once, and counts only its own workspace", async () => {
    await t.tech.put(`${vars()}/UNUSED`, { value: "x" });
    expect((await t.tech.del(`${vars()}/UNUSED`)).status).toBe(204);
    const admin = t.api(t.users.adminA);
    await admin.put(`/api/v1/workspaces/${t.clientA.id}/variables/SHARED`, { value: "a" });
    await db().workflow.create({ data: { workspaceId: t.clientB.id, name: "Foreign", steps: [{ id: "h", kind: "http", name: "H", config: { url: "{{ vars.SHARED }}" } }] } });
    expect((await admin.del(`/api/v1/workspaces/${t.clientA.id}/variables/SHARED`)).status).toBe(204);
  });
});

describe("DELETE /workspaces/{ws}/files/{name}", () => {
  it("refuses a file that workflows read, naming them, until forced", async () => {
    const put = await fetch(`${t.web.baseUrl}${files()}/isolate.ps1`, { method: "PUT", headers: { authorization: `Bearer ${t.users.tech.token}`, "content-type": "text/plain" }, body: "Write-Host isolate" });
    expect(put.status).toBe(201);
    const wf = await workflow("Run script", http("{{ files.isolate.ps1 }}"));
    const r = await t.tech.del(`${files()}/isolate.ps1`);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "file_in_use", message: expect.stringContaining('file "isolate.ps1" is used by 1 workflow:'), workflows: [{ id: wf, name: "Run script", mode: "draft" }] });
    expect(await db().file.count({ where: { workspaceId: t.provider.id, name: "isolate.ps1" } })).toBe(1);
    expect((await t.tech.del(`${files()}/isolate.ps1?force=true`)).status).toBe(204);
    expect((await t.tech.get(`${files()}/isolate.ps1`)).status).toBe(404);
  });
});
