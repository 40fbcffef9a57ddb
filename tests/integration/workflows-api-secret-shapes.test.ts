// A webhook step's write-only sharedSecret takes a string (set; "" clears it) or the exact read a
// GET returns sent back ({"set": true} / {"set": false}: leave it as stored). Anything else in its
// place — {"set": "true"}, {"value": "…"}, null — was taken for that echo and dropped: the save
// answered 201/200 and the trigger stayed unsigned, accepting any request once Live. Now a 400
// naming the field, and nothing stored.
import { describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, web, api } = startTestServer();

const SECRET = "mysecret-for-shapes-1";
const code = { kind: "code", config: { code: "return 1" } };
const create = (steps: unknown[]) => api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "echo", steps });
const deliver = async (workflowId: string, signature?: string) => {
  const { token } = await db().webhookEndpoint.findFirstOrThrow({ where: { workflowId, rotatedAt: null } });
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature) headers["x-service-signature"] = signature;
  return (await fetch(`${web.baseUrl}/hooks/${token}`, { method: "POST", headers, body: "{}" })).status;
};

const MALFORMED: [string, unknown][] = [
  ['{"set": "true"}', { set: "true" }],
  ['{"set": 1}', { set: 1 }],
  ['{"value": "mysecret"}', { value: "mysecret" }],
  ['{"foo": 1}', { foo: 1 }],
  ["{}", {}],
  ['{"set": true} with more', { set: true, value: "mysecret" }],
  ["null", null],
  ["a number", 42],
  ["a list", ["mysecret"]],
];

describe("a malformed sharedSecret is a 400 naming it, never a trigger left unsigned", () => {
  it.each(MALFORMED)("POST with %s: 400 invalid_workflow, nothing created", async (_what, sharedSecret) => {
    const before = await db().workflow.count();
    const res = await create([{ kind: "webhook", config: { sharedSecret } }, code]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_workflow", step: 1, field: "sharedSecret" });
    expect(res.body.message).toBe(
      'step 1 (Webhook): sharedSecret: must be the secret as text, "" for none, or exactly what a read returns ({"set": true} or {"set": false}) to leave it as stored',
    );
    expect(await db().workflow.count()).toBe(before);
  });

  it("a PUT on a Live unsigned workflow with {\"value\": …} is refused: nothing changes; the documented string then sets it", async () => {
    const wf = (await create([{ kind: "webhook", config: {} }, code])).body;
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);
    const res = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps: [{ ...wf.steps[0], config: { sharedSecret: { value: SECRET } } }, wf.steps[1]] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_workflow", step: 1, field: "sharedSecret" });
    const read = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    expect(read.version).toBe(wf.version);
    // Sent as the documented string, it is set: unsigned deliveries are refused from then on.
    const set = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps: [{ ...wf.steps[0], config: { sharedSecret: SECRET } }, wf.steps[1]] });
    expect(set.status).toBe(200);
    expect(set.body.steps[0].config.sharedSecret).toEqual({ set: true });
    expect(await deliver(wf.id)).toBe(401);
    expect(await deliver(wf.id, createHmac("sha256", SECRET).update("{}").digest("hex"))).toBe(202);
  });

  it("a PUT on a Live signed workflow with {\"set\": \"true\"} or null is refused and the secret stays", async () => {
    const wf = (await create([{ kind: "webhook", config: { sharedSecret: SECRET } }, code])).body;
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);
    for (const sharedSecret of [{ set: "true" }, null]) {
      const res = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps: [{ ...wf.steps[0], config: { sharedSecret } }, wf.steps[1]] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "invalid_workflow", step: 1, field: "sharedSecret" });
    }
    expect(await deliver(wf.id)).toBe(401);
    // The read sent back as it is still saves and keeps the secret (the editor's every autosave).
    const read = (await api.get(`/api/v1/workflows/${wf.id}`)).body as Json;
    const echoed = await api.put(`/api/v1/workflows/${wf.id}`, { ...read, name: "echo, renamed" });
    expect(echoed.status).toBe(200);
    expect(echoed.body.steps[0].config.sharedSecret).toEqual({ set: true });
    expect(await deliver(wf.id)).toBe(401);
  });

  it('{"set": false} as a read returns it is still taken on a new trigger', async () => {
    const res = await create([{ kind: "webhook", config: { sharedSecret: { set: false } } }, code]);
    expect(res.status).toBe(201);
    expect(res.body.steps[0].config.sharedSecret).toEqual({ set: false });
  });
});
