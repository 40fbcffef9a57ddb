// A webhook's signature header pasted with spaces around it (" X-Hub-Signature-256 ") was refused
// as "not a valid HTTP header name", by the API and so by the editor's autosave, although the
// intake itself trims the name. It is trimmed before it is checked and stored, and deliveries
// signed in that header pass.
import { describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { db } from "@/lib/db/client";
import { startTestServer } from "../helpers/api-server";

const { t, web, api } = startTestServer();

const SECRET = "pasted-header-secret";
const code = { kind: "code", config: { code: "return 1" } };
const create = (config: Record<string, unknown>) => api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Pasted header", steps: [{ kind: "webhook", config }, code] });

describe("a signature header with spaces around it", () => {
  it("is saved trimmed by POST and PUT, and the Live URL reads the signature from it", async () => {
    const res = await create({ sharedSecret: SECRET, signatureHeader: " X-Hub-Signature-256 " });
    expect(res.status).toBe(201);
    expect(res.body.steps[0].config.signatureHeader).toBe("X-Hub-Signature-256");
    const wf = res.body;
    const put = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps: [{ ...wf.steps[0], config: { ...wf.steps[0].config, signatureHeader: "X-Signature\t " } }, wf.steps[1]] });
    expect(put.status).toBe(200);
    expect(put.body.steps[0].config.signatureHeader).toBe("X-Signature");

    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);
    const { token } = await db().webhookEndpoint.findFirstOrThrow({ where: { workflowId: wf.id, rotatedAt: null } });
    const post = (headers: Record<string, string>) => fetch(`${web.baseUrl}/hooks/${token}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}" });
    const signature = createHmac("sha256", SECRET).update("{}").digest("hex");
    expect((await post({ "x-signature": signature })).status).toBe(202);
    expect((await post({ "x-service-signature": signature })).status).toBe(401);
  });

  it("only spaces is no header (the default x-service-signature); a name with a space inside is still refused", async () => {
    const blank = await create({ signatureHeader: "   " });
    expect(blank.status).toBe(201);
    expect(blank.body.steps[0].config.signatureHeader).toBe("");
    const inside = await create({ signatureHeader: " X Hub " });
    expect(inside.status).toBe(400);
    expect(inside.body).toMatchObject({ error: "invalid_workflow", step: 1, field: "signatureHeader", message: "step 1 (Webhook): signatureHeader: must be a valid HTTP header name" });
  });
});
