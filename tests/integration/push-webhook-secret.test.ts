// A pushed copy of a workflow whose webhook verifies signatures arrives without the provider's
// secret. Its review asks for the client's own secret or an explicit choice to accept unsigned
// deliveries, Go live is 409 until then, the client's secret verifies deliveries once Live, and
// a re-push keeps the answer unless the provider dropped or re-added the secret requirement.
import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { ApiClient, Json } from "../helpers/api-fixtures";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
let sourceId: string;

const hookStep = (config: Record<string, unknown>) => ({ id: "hook", kind: "webhook", name: "Alert", config: { signatureHeader: "X-Sig", ...config } });
const codeStep = { id: "code", kind: "code", name: "Echo", config: { code: "return { ok: true };" } };

beforeAll(async () => {
  sourceId = (await t.createSource("Signed alerts", [hookStep({ sharedSecret: "provsecret", testingData: { host: "h1" } }), codeStep])).id;
});

const push = async (targetWorkspaceId: string) => {
  const r = await t.tech.post(`/api/v1/workflows/${sourceId}/push`, { targetWorkspaceId, sampleData: "keep" });
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return r.body.copy.id as string;
};
const preflight = async (target: string) => (await t.tech.get(`/api/v1/workflows/${sourceId}/push-preflight?target=${target}`)).body;
const review = async (api: ApiClient, id: string) => (await api.get(`/api/v1/workflows/${id}/review`)).body;
const secretItem = async (api: ApiClient, id: string) => (await review(api, id)).items.find((i: Json) => i.kind === "webhook_secret");
const setSecret = (api: ApiClient, id: string, body: Json) => api.put(`/api/v1/workflows/${id}/review/webhook-secret`, body);
const deliver = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
const sign = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("hex");

describe("the webhook's shared secret in the client review", () => {
  let copyA: string;
  let url: string;

  it("is an open review item; the preflight says so; Go live is 409 until it is resolved", async () => {
    const pre = await preflight(t.clientA.id);
    expect(pre.notes.join(" ")).toContain("the client sets its own secret (and gives it to the sender) or explicitly accepts unsigned deliveries");
    expect(pre.trigger.secretReview).toBe("not_set");
    expect(pre.attention).toBe(2); // the sample data choice and the client's secret
    copyA = await push(t.clientA.id);
    expect(await secretItem(t.adminA, copyA)).toMatchObject({ stepId: "hook", signatureHeader: "X-Sig", state: "not_set", done: false, unsignedAcceptedAt: null });
    await t.adminA.post(`/api/v1/workflows/${copyA}/review/confirm`);
    const live = await t.adminA.post(`/api/v1/workflows/${copyA}/live`);
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ error: "review_incomplete", missing: [{ kind: "webhook_secret" }] });
    expect(live.body.message).toContain("set your own shared secret for step 1 (Alert)");
    expect(await db().webhookEndpoint.count({ where: { workflowId: copyA } })).toBe(0);
  });

  it("refuses malformed answers and other workspaces' callers", async () => {
    for (const body of [{}, { sharedSecret: "" }, { acceptUnsigned: false }, { sharedSecret: "x", acceptUnsigned: true }, { sharedSecretEncrypted: "x" }]) {
      expect((await setSecret(t.adminA, copyA, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await setSecret(t.adminB, copyA, { sharedSecret: "b-secret" })).status).toBe(404);
    expect((await secretItem(t.adminA, copyA)).done).toBe(false);
  });

  it("takes the client's own secret (write-only, encrypted); Live deliveries must then be signed with it", async () => {
    const r = await setSecret(t.adminA, copyA, { sharedSecret: "client-a-secret" });
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.body)).not.toContain("client-a-secret");
    expect(r.body.items.find((i: Json) => i.kind === "webhook_secret")).toMatchObject({ state: "own_secret", done: true });
    expect(r.body.complete).toBe(true);
    const stored = JSON.stringify((await db().workflow.findUniqueOrThrow({ where: { id: copyA } })).steps);
    expect(stored).not.toContain("client-a-secret");
    expect((await t.adminA.get(`/api/v1/workflows/${copyA}`)).body.steps[0].config).toMatchObject({ sharedSecret: { set: true }, signatureHeader: "X-Sig" });
    // The log names the workflow, as for accepting unsigned deliveries, and never the secret.
    const audit = (await t.adminA.get(`/api/v1/workspaces/${t.clientA.id}/audit`)).body.events;
    expect(audit[0]).toMatchObject({ action: "webhook_secret_set", workflowId: copyA, details: { stepId: "hook", workflowName: "Signed alerts" } });
    expect(JSON.stringify(audit)).not.toContain("client-a-secret");

    const live = await t.adminA.post(`/api/v1/workflows/${copyA}/live`);
    expect(live.status).toBe(200);
    url = live.body.webhookUrl;
    const body = JSON.stringify({ host: "h2" });
    expect((await deliver(url, body)).status).toBe(401);
    expect((await deliver(url, body, { "X-Sig": sign("provsecret", body) })).status).toBe(401);
    expect(await db().run.count({ where: { workflowId: copyA } })).toBe(0);
    expect((await deliver(url, body, { "X-Sig": sign("client-a-secret", body) })).status).toBe(202);
    expect(await db().run.count({ where: { workflowId: copyA } })).toBe(1);
  });

  it("a re-push keeps the client's secret and does not re-open the item", async () => {
    expect(await push(t.clientA.id)).toBe(copyA);
    expect((await review(t.adminA, copyA)).missing.map((m: Json) => m.kind)).toEqual(["confirm"]);
    expect(await secretItem(t.adminA, copyA)).toMatchObject({ state: "own_secret", done: true });
    await t.adminA.post(`/api/v1/workflows/${copyA}/review/confirm`);
    expect((await t.adminA.post(`/api/v1/workflows/${copyA}/live`)).status).toBe(200);
    const body = JSON.stringify({ host: "h3" });
    expect((await deliver(url, body)).status).toBe(401);
    expect((await deliver(url, body, { "X-Sig": sign("client-a-secret", body) })).status).toBe(202);
  });

  it("accepting unsigned deliveries is an explicit, audited choice that a re-push keeps while the requirement stands", async () => {
    const copyB = await push(t.clientB.id);
    const r = await setSecret(t.adminB, copyB, { acceptUnsigned: true });
    expect(r.status).toBe(200);
    const item = r.body.items.find((i: Json) => i.kind === "webhook_secret");
    expect(item).toMatchObject({ state: "unsigned_accepted", done: true, unsignedAcceptedAt: expect.any(String) });
    expect(item.message).toContain("anyone who has its URL can start runs");
    const events = (await t.adminB.get(`/api/v1/workspaces/${t.clientB.id}/audit`)).body.events;
    expect(events[0]).toMatchObject({ action: "unsigned_webhook_accepted", workflowId: copyB, details: { stepId: "hook" } });

    // The re-push's preflight agrees with the review: the item is settled, so it is neither
    // counted nor asked for again, and the note says the client's choice stands.
    const pre = await preflight(t.clientB.id);
    expect(pre.trigger).toMatchObject({ sharedSecret: "not_copied", clientSecretKept: false, secretReview: "unsigned_accepted" });
    expect(pre.notes.join(" ")).not.toContain("the client sets its own secret");
    expect(pre.notes.join(" ")).toContain("Client B accepted unsigned deliveries on its copy: that choice is kept");
    expect(pre.attention).toBe(1); // the sample data choice, nothing of the client's
    const repushed = await t.tech.post(`/api/v1/workflows/${sourceId}/push`, { targetWorkspaceId: t.clientB.id, sampleData: "keep" });
    expect(repushed.body.preflight).toMatchObject({ attention: 1, trigger: { secretReview: "unsigned_accepted" } });
    expect((await review(t.adminB, copyB)).missing.map((m: Json) => m.kind)).toEqual(["confirm"]);
    expect(await secretItem(t.adminB, copyB)).toMatchObject({ state: "unsigned_accepted", done: true });
    await t.adminB.post(`/api/v1/workflows/${copyB}/review/confirm`);
    const live = await t.adminB.post(`/api/v1/workflows/${copyB}/live`);
    expect(live.status).toBe(200);
    expect((await deliver(live.body.webhookUrl, JSON.stringify({ host: "b" }))).status).toBe(202);

    // The provider drops its secret: nothing to ask, and the acceptance lapses with it…
    expect((await t.tech.put(`/api/v1/workflows/${sourceId}`, { name: "Signed alerts", steps: [hookStep({ sharedSecret: "" }), codeStep] })).status).toBe(200);
    expect((await preflight(t.clientB.id)).trigger.secretReview).toBeNull();
    await push(t.clientB.id);
    expect(await secretItem(t.adminB, copyB)).toBeUndefined();
    expect((await setSecret(t.adminB, copyB, { acceptUnsigned: true })).status).toBe(400);
    // …so when it adds one back, the client is asked again.
    expect((await t.tech.put(`/api/v1/workflows/${sourceId}`, { name: "Signed alerts", steps: [hookStep({ sharedSecret: "provsecret-2" }), codeStep] })).status).toBe(200);
    expect((await preflight(t.clientB.id)).trigger.secretReview).toBe("not_set");
    await push(t.clientB.id);
    expect(await secretItem(t.adminB, copyB)).toMatchObject({ state: "not_set", done: false });
    // Client A's own secret still answers the re-added requirement.
    expect((await preflight(t.clientA.id)).trigger.secretReview).toBe("own_secret");
    await push(t.clientA.id);
    expect(await secretItem(t.adminA, copyA)).toMatchObject({ state: "own_secret", done: true });
    expect((await setSecret(t.adminA, copyA, { acceptUnsigned: true })).status).toBe(400);
  });
});
