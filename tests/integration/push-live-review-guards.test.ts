// A Live pushed copy keeps what Live needs whichever way it is changed: the review's account
// choice (PUT …/review/accounts/{stepId}) refuses what the editor's save refuses (409
// step_incomplete for a relative URL left without its account) and what would reopen the review
// (409 review_incomplete), and neither path puts an account on a step whose URL it cannot serve
// (another host than its base URL's: every run would fail). Removing the client's own webhook
// secret from a Live copy in the editor is refused too, as the review never accepted unsigned
// deliveries; a provider's own Live workflow may still drop its secret.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { createAccount, startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
let providerPsa: string;
let clientPsa: string;

beforeAll(async () => {
  providerPsa = await createAccount(t.tech, t.provider.id, "psa", "Provider PSA", { username: "p", password: "provider-pass" }, "http://127.0.0.1:4398");
  // The client's only PSA account: the push selects it for the PSA steps.
  clientPsa = await createAccount(t.adminA, t.clientA.id, "psa", "Client PSA", { username: "a", password: "client-pass" }, "http://127.0.0.1:4399");
});

const hook = { id: "hook", kind: "webhook", name: "Hook", config: {} };

async function liveCopy(name: string, steps: Json[]): Promise<string> {
  const src = await t.createSource(name, steps);
  const pushed = await t.tech.post(`/api/v1/workflows/${src.id}/push`, { targetWorkspaceId: t.clientA.id });
  expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
  const copy = pushed.body.copy.id;
  expect((await t.adminA.post(`/api/v1/workflows/${copy}/review/confirm`)).body.complete).toBe(true);
  const live = await t.adminA.post(`/api/v1/workflows/${copy}/live`);
  expect(live.status, JSON.stringify(live.body)).toBe(200);
  return copy;
}

const stepAccount = async (copy: string, stepId: string) => {
  const wf = await t.adminA.get(`/api/v1/workflows/${copy}`);
  return wf.body.steps.find((s: Json) => s.id === stepId).config.connectionId;
};
/** The editor's save: the copy as read, with one step's config changed. */
const editorSave = async (copy: string, stepId: string, patch: Json) => {
  const wf = (await t.adminA.get(`/api/v1/workflows/${copy}`)).body;
  const steps = wf.steps.map((s: Json) => (s.id === stepId ? { ...s, config: { ...s.config, ...patch } } : s));
  return t.adminA.put(`/api/v1/workflows/${copy}`, { name: wf.name, version: wf.version, steps });
};

describe("the review's account choice on a Live copy", () => {
  it("refuses to clear the account of a relative-URL step, as the editor's save does", async () => {
    const copy = await liveCopy("Tickets", [hook, { id: "s2", kind: "http", name: "Create ticket", config: { method: "POST", url: "/tickets", connectionId: providerPsa } }]);
    expect(await stepAccount(copy, "s2")).toBe(clientPsa);

    const viaReview = await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/s2`, { connectionId: null });
    const viaEditor = await editorSave(copy, "s2", { connectionId: null });
    expect(viaEditor.status).toBe(409);
    expect(viaReview.status, JSON.stringify(viaReview.body)).toBe(409);
    expect(viaReview.body).toEqual(viaEditor.body);
    expect(viaReview.body).toMatchObject({ error: "step_incomplete", step: 2, stepId: "s2", field: "connectionId" });
    expect(viaReview.body.message).toContain("Account is required (the URL is relative");

    // Nothing changed: the copy is Live with its account, and its review complete.
    expect(await stepAccount(copy, "s2")).toBe(clientPsa);
    const review = (await t.adminA.get(`/api/v1/workflows/${copy}/review`)).body;
    expect(review.complete).toBe(true);
    expect((await t.adminA.get(`/api/v1/workflows/${copy}`)).body.mode).toBe("live");
  });

  it("refuses to clear an account the review asked for on an absolute-URL step (409 review_incomplete), in the review and the editor", async () => {
    const copy = await liveCopy("Absolute tickets", [hook, { id: "s2", kind: "http", name: "Create ticket", config: { method: "POST", url: "http://127.0.0.1:4399/tickets", connectionId: providerPsa } }]);
    expect(await stepAccount(copy, "s2")).toBe(clientPsa);
    for (const refused of [await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/s2`, { connectionId: null }), await editorSave(copy, "s2", { connectionId: null })]) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.error).toBe("review_incomplete");
      expect(refused.body.message).toContain("this pushed workflow is Live, and the change would leave its review incomplete: choose which PSA / ticketing account step 2 (Create ticket) uses");
      expect(refused.body.missing).toEqual([expect.objectContaining({ kind: "account", stepId: "s2" })]);
    }
    expect(await stepAccount(copy, "s2")).toBe(clientPsa);

    // In Draft the client may change its mind; the review then asks again before Go live.
    expect((await t.adminA.post(`/api/v1/workflows/${copy}/draft`)).status).toBe(200);
    const cleared = await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/s2`, { connectionId: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.complete).toBe(false);
  });

  it("refuses an account whose base URL is not the host of the step's URL, and accepts one that can serve it", async () => {
    const copy = await liveCopy("Status check", [hook, { id: "s2", kind: "http", name: "Status", config: { method: "GET", url: "https://status.example.com/health" } }]);
    const wrongHost = await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/s2`, { connectionId: clientPsa });
    expect(wrongHost.status, JSON.stringify(wrongHost.body)).toBe(400);
    expect(wrongHost.body).toMatchObject({ error: "invalid_request", field: "connectionId" });
    expect(wrongHost.body.message).toBe(
      'step 2 (Status) cannot use the account "Client PSA": the URL goes to status.example.com, and that account sends its credentials only to its base URL (127.0.0.1:4399), so every run would fail; choose an account whose base URL is on status.example.com, or one without a base URL',
    );
    expect(await stepAccount(copy, "s2")).toBeNull();

    const generic = await createAccount(t.adminA, t.clientA.id, "http", "Generic", { token: "generic-token" });
    const ok = await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/s2`, { connectionId: generic });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await stepAccount(copy, "s2")).toBe(generic);
    // A step that needs none may go back to none, Live or not.
    expect((await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/s2`, { connectionId: null })).status).toBe(200);
  });
});

describe("the client's own webhook secret on a Live copy", () => {
  it("cannot be removed in the editor without the review's acceptance of unsigned deliveries; a provider's own workflow may drop its secret", async () => {
    const src = await t.createSource("Signed", [{ id: "hook", kind: "webhook", name: "Hook", config: { sharedSecret: "provider-secret" } }, { id: "code", kind: "code", name: "Echo", config: { code: "return {};" } }]);
    const pushed = await t.tech.post(`/api/v1/workflows/${src.id}/push`, { targetWorkspaceId: t.clientA.id });
    const copy = pushed.body.copy.id;
    expect((await t.adminA.put(`/api/v1/workflows/${copy}/review/webhook-secret`, { sharedSecret: "client-secret" })).status).toBe(200);
    await t.adminA.post(`/api/v1/workflows/${copy}/review/confirm`);
    expect((await t.adminA.post(`/api/v1/workflows/${copy}/live`)).status).toBe(200);

    const removed = await editorSave(copy, "hook", { sharedSecret: "" });
    expect(removed.status, JSON.stringify(removed.body)).toBe(409);
    expect(removed.body.error).toBe("review_incomplete");
    expect(removed.body.message).toContain("set your own shared secret for step 1 (Hook), or choose to accept unsigned deliveries");
    expect(removed.body.message).toContain("switch the workflow to Draft first");
    const hookAfter = (await t.adminA.get(`/api/v1/workflows/${copy}`)).body.steps[0];
    expect(hookAfter.config.sharedSecret).toEqual({ set: true });
    expect((await t.adminA.get(`/api/v1/workflows/${copy}/review`)).body.complete).toBe(true);

    // The way to unsigned deliveries: Draft, remove the secret, accept them (recorded), Live again.
    expect((await t.adminA.post(`/api/v1/workflows/${copy}/draft`)).status).toBe(200);
    expect((await editorSave(copy, "hook", { sharedSecret: "" })).status).toBe(200);
    expect((await t.adminA.post(`/api/v1/workflows/${copy}/live`)).body.error).toBe("review_incomplete");
    expect((await t.adminA.put(`/api/v1/workflows/${copy}/review/webhook-secret`, { acceptUnsigned: true })).status).toBe(200);
    expect((await t.adminA.post(`/api/v1/workflows/${copy}/live`)).status).toBe(200);
    const accepted = await db().auditEvent.findFirst({ where: { workflowId: copy, action: "unsigned_webhook_accepted" } });
    expect(accepted).not.toBeNull();

    // The provider's own Live workflow is not a pushed copy: nothing to keep, the secret goes.
    expect((await t.tech.post(`/api/v1/workflows/${src.id}/live`)).status).toBe(200);
    const own = (await t.tech.get(`/api/v1/workflows/${src.id}`)).body;
    const steps = own.steps.map((s: Json) => (s.id === "hook" ? { ...s, config: { ...s.config, sharedSecret: "" } } : s));
    const dropped = await t.tech.put(`/api/v1/workflows/${src.id}`, { name: own.name, version: own.version, steps });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    expect(dropped.body.steps[0].config.sharedSecret).toEqual({ set: false });
  });
});
