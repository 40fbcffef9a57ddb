// A step with no account at the provider that cannot run without one (an HTTP Request on a relative
// URL, as a blueprint installed with "No account for now" has; an AI Prompt) is flagged by the
// preflight and put on the client's checklist as an account to choose, so a checklist that says
// complete never meets a missing account at Go live. An HTTP Request on an absolute URL needs none.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { createAccount, startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
let psa: string;

beforeAll(async () => {
  psa = await createAccount(t.adminA, t.clientA.id, "psa", "Client PSA", { username: "a", password: "client-pass" });
});

const createSource = async (name: string, steps: Json[]): Promise<string> => (await t.createSource(name, steps)).id;

const hook = { id: "hook", kind: "webhook", name: "Hook", config: {} };

describe("a step without an account that needs one", () => {
  it("is flagged by the preflight, asked for by the review, and Go live follows the checklist", async () => {
    const src = await createSource("Relative call", [hook, { id: "call", kind: "http", name: "Call", config: { method: "GET", url: "/ping" } }]);
    const pre = (await t.tech.get(`/api/v1/workflows/${src}/push-preflight?target=${t.clientA.id}`)).body;
    expect(pre.stepsWithoutAccount).toEqual([{ stepId: "call", number: 2, name: "Call", app: null, result: "no_account" }]);
    expect(pre.attention).toBe(1);
    expect(pre.notes.join(" ")).toContain("Step 2 (Call) has no account but needs one");

    const pushed = await t.tech.post(`/api/v1/workflows/${src}/push`, { targetWorkspaceId: t.clientA.id });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const copy = pushed.body.copy.id;
    const confirmed = await t.adminA.post(`/api/v1/workflows/${copy}/review/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.complete).toBe(false);
    expect(confirmed.body.missing).toEqual([
      expect.objectContaining({ kind: "account", stepId: "call", number: 2, app: null, appLabel: "any app", connectionId: null, options: [{ id: psa, name: "Client PSA" }], done: false }),
    ]);
    expect(confirmed.body.missing).toHaveLength(pre.attention);

    const refused = await t.adminA.post(`/api/v1/workflows/${copy}/live`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("review_incomplete");
    expect(refused.body.message).toContain("choose which account step 2 (Call) uses");

    const chosen = await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/call`, { connectionId: psa });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.complete).toBe(true);
    const live = await t.adminA.post(`/api/v1/workflows/${copy}/live`);
    expect(live.status, JSON.stringify(live.body)).toBe(200);

    // A re-push keeps the client's choice, and the preflight says so.
    const again = (await t.tech.get(`/api/v1/workflows/${src}/push-preflight?target=${t.clientA.id}`)).body;
    expect(again.stepsWithoutAccount).toEqual([{ stepId: "call", number: 2, name: "Call", app: null, result: "kept" }]);
    expect(again.attention).toBe(0);
  });

  it("asks an AI Prompt without an account for an AI account", async () => {
    const src = await createSource("Unset AI", [hook, { id: "ai", kind: "ai_prompt", name: "Summarize", config: { prompt: "hi" } }]);
    const pre = (await t.tech.get(`/api/v1/workflows/${src}/push-preflight?target=${t.clientA.id}`)).body;
    expect(pre.stepsWithoutAccount).toEqual([{ stepId: "ai", number: 2, name: "Summarize", app: "openai", result: "no_account" }]);
    const pushed = await t.tech.post(`/api/v1/workflows/${src}/push`, { targetWorkspaceId: t.clientA.id });
    const copy = pushed.body.copy.id;
    const review = (await t.adminA.post(`/api/v1/workflows/${copy}/review/confirm`)).body;
    expect(review.missing).toEqual([expect.objectContaining({ kind: "account", stepId: "ai", app: "openai", options: [] })]);
    const wrongApp = await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/ai`, { connectionId: psa });
    expect(wrongApp.status).toBe(400);
  });

  it("leaves an HTTP Request on an absolute URL off both lists", async () => {
    const src = await createSource("Absolute call", [hook, { id: "call", kind: "http", name: "Call", config: { method: "GET", url: "https://x.example/ping" } }]);
    const pre = (await t.tech.get(`/api/v1/workflows/${src}/push-preflight?target=${t.clientA.id}`)).body;
    expect(pre.stepsWithoutAccount).toEqual([]);
    expect(pre.attention).toBe(0);
    const pushed = await t.tech.post(`/api/v1/workflows/${src}/push`, { targetWorkspaceId: t.clientA.id });
    const review = (await t.adminA.post(`/api/v1/workflows/${pushed.body.copy.id}/review/confirm`)).body;
    expect(review.complete).toBe(true);
  });

  it("puts such a step on the checklist of a copy pushed before the push recorded it", async () => {
    const src = await createSource("Older push", [hook, { id: "call", kind: "http", name: "Call", config: { method: "GET", url: "/ping" } }]);
    const pushed = await t.tech.post(`/api/v1/workflows/${src}/push`, { targetWorkspaceId: t.clientA.id });
    const copy = pushed.body.copy.id;
    // What a push before this rule recorded: no account need for the step.
    await db().workflowCopy.update({ where: { copyWorkflowId: copy }, data: { accountSteps: [] } });
    const review = (await t.adminA.post(`/api/v1/workflows/${copy}/review/confirm`)).body;
    expect(review.missing.map((m: Json) => [m.kind, m.stepId, m.app])).toEqual([["account", "call", null]]);
    expect((await t.adminA.post(`/api/v1/workflows/${copy}/live`)).body.error).toBe("review_incomplete");
  });
});
