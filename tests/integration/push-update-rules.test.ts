// Push rules found missing by QA, over the real server: a step whose provider account was
// deleted still needs an account in the client's review (AI Prompt: an AI one; HTTP: any) and
// blocks Go live until it has one; a re-push keeps the client's own testing data unless the
// provider chooses `replace`, and the preflight says so; a client's file that differs from the
// provider's is kept, and the preflight says it differs.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { createAccount, startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();

describe("a step whose provider account was deleted", () => {
  it("arrives without an account, and the review asks for one before Go live", async () => {
    const p = t.provider.id;
    const ws = t.clientA.id;
    const gone = await createAccount(t.tech, p, "http", "Provider API", { token: "provider-api-token" }, "https://api.provider.example");
    const goneAi = await createAccount(t.tech, p, "openai", "Provider AI", { apiKey: "sk-provider" });
    const source = await t.createSource("Orphaned accounts", [
      { id: "hook", kind: "webhook", config: {} },
      { id: "call", kind: "http", name: "Call", config: { method: "GET", url: "/x", connectionId: gone } },
      { id: "sum", kind: "ai_prompt", name: "Sum", config: { prompt: "Summarise {{ 1.a }}", connectionId: goneAi } },
    ]);
    for (const id of [gone, goneAi]) expect((await t.tech.del(`/api/v1/connections/${id}?force=true`)).status).toBe(204);
    const psa = await createAccount(t.adminA, ws, "psa", "Client PSA", { username: "a", password: "client-psa" });
    const ai = await createAccount(t.adminA, ws, "openai", "Client AI", { apiKey: "sk-client" });

    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${ws}`)).body;
    expect(pre.unknownAccounts).toEqual([
      { stepId: "call", number: 2, name: "Call", app: null, result: "no_account" },
      { stepId: "sum", number: 3, name: "Sum", app: "openai", result: "no_account" },
    ]);
    expect(pre.notes.join(" ")).toContain("Step 2 (Call) selects an account that no longer exists here; it arrives without one and the client must choose an account (of any app)");

    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws, sampleData: "keep" });
    expect(pushed.status).toBe(201);
    const copyId = pushed.body.copy.id;
    expect(pushed.body.copy.steps.map((s: Json) => s.config.connectionId ?? null)).toEqual([null, null, null]);

    const review = (await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body;
    const accounts = review.items.filter((i: Json) => i.kind === "account");
    expect(accounts).toMatchObject([
      { stepId: "call", app: null, appLabel: "any app", done: false, options: [{ id: ai }, { id: psa }], message: "choose which account step 2 (Call) uses" },
      { stepId: "sum", app: "openai", done: false, options: [{ id: ai }] },
    ]);

    // Confirmed, but the accounts are still open: Go live is refused.
    expect((await t.adminA.post(`/api/v1/workflows/${copyId}/review/confirm`)).status).toBe(200);
    const refused = await t.adminA.post(`/api/v1/workflows/${copyId}/live`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("review_incomplete");
    expect(refused.body.missing.map((m: Json) => m.stepId)).toEqual(["call", "sum"]);
    expect((await db().workflow.findUniqueOrThrow({ where: { id: copyId } })).mode).toBe("draft");

    // HTTP takes any of the client's accounts; AI Prompt only an AI one.
    const choose = (step: string, connectionId: string) => t.adminA.put(`/api/v1/workflows/${copyId}/review/accounts/${step}`, { connectionId });
    expect((await choose("sum", psa)).status).toBe(400);
    expect((await choose("call", psa)).status).toBe(200);
    expect((await choose("sum", ai)).status).toBe(200);
    expect((await t.adminA.post(`/api/v1/workflows/${copyId}/live`)).status).toBe(200);
  });
});

describe("re-push and the client's own testing data", () => {
  let sourceId: string;
  let copyId: string;
  const ws = () => t.clientB.id;
  const testingData = async () => (await db().workflow.findUniqueOrThrow({ where: { id: copyId } })).steps as Json;
  const push = (sampleData: string) => t.tech.post(`/api/v1/workflows/${sourceId}/push`, { targetWorkspaceId: ws(), sampleData });

  beforeAll(async () => {
    sourceId = (await t.createSource("Sample data", [{ id: "hook", kind: "webhook", name: "Hook", config: { testingData: { from: "provider" } } }])).id;
    const first = await push("keep");
    expect(first.status).toBe(201);
    copyId = first.body.copy.id;
  });

  it("follows the provider's sample data while the client has none of its own", async () => {
    const pre = (await t.tech.get(`/api/v1/workflows/${sourceId}/push-preflight?target=${ws()}`)).body;
    expect(pre.sampleData).toEqual({ present: true, steps: [{ stepId: "hook", number: 1, name: "Hook" }], clientOwn: [], options: ["keep", "clear"] });
    const current = (await t.tech.get(`/api/v1/workflows/${sourceId}`)).body;
    const edited = current.steps.map((s: Json) => ({ id: s.id, kind: s.kind, name: s.name, config: { ...s.config, testingData: { from: "provider v2" } } }));
    expect((await t.tech.put(`/api/v1/workflows/${sourceId}`, { name: current.name, steps: edited })).status).toBe(200);
    expect((await push("keep")).status).toBe(200);
    expect((await testingData())[0].config.testingData).toEqual({ from: "provider v2" });
  });

  it("keeps the client's own testing data with keep and clear, says so, and replaces it only on replace", async () => {
    const copy = (await t.adminB.get(`/api/v1/workflows/${copyId}`)).body;
    const steps = copy.steps.map((s: Json) => ({ id: s.id, kind: s.kind, name: s.name, config: { ...s.config, testingData: { from: "client" } } }));
    expect((await t.adminB.put(`/api/v1/workflows/${copyId}`, { name: copy.name, steps })).status).toBe(200);

    const pre = (await t.tech.get(`/api/v1/workflows/${sourceId}/push-preflight?target=${ws()}`)).body;
    expect(pre.sampleData).toMatchObject({ clientOwn: [{ stepId: "hook", number: 1, name: "Hook", kept: true }], options: ["keep", "clear", "replace"] });
    expect(pre.notes.join(" ")).toContain("Client B has its own testing data on step 1 (Hook): keep and clear leave it as it is; only replace overwrites it");

    expect((await push("keep")).status).toBe(200);
    expect((await testingData())[0].config.testingData).toEqual({ from: "client" });
    const cleared = await push("clear");
    expect(cleared.status).toBe(200);
    expect(cleared.body.preflight.sampleData.clientOwn).toEqual([{ stepId: "hook", number: 1, name: "Hook", kept: true }]);
    expect((await testingData())[0].config.testingData).toEqual({ from: "client" });

    const replaced = await push("replace");
    expect(replaced.status).toBe(200);
    expect(replaced.body.preflight.sampleData.clientOwn).toEqual([{ stepId: "hook", number: 1, name: "Hook", kept: false }]);
    expect((await testingData())[0].config.testingData).toEqual({ from: "provider v2" });
    // Back to the provider's: the next preflight has nothing of the client's to keep.
    expect((await t.tech.get(`/api/v1/workflows/${sourceId}/push-preflight?target=${ws()}`)).body.sampleData.clientOwn).toEqual([]);
  });
});

describe("a client's file that differs from the provider's", () => {
  it("is kept, and the preflight says it differs", async () => {
    const p = t.provider.id;
    const ws = t.clientA.id;
    await t.putFile(p, "cleanup.ps1", "Remove-Item C:\\Temp\\* # v2", t.users.tech);
    await t.putFile(ws, "cleanup.ps1", "Remove-Item C:\\Temp\\* # v1", t.users.adminA);
    await t.putFile(p, "same.txt", "same", t.users.tech);
    await t.putFile(ws, "same.txt", "same", t.users.adminA);
    const source = await t.createSource("Cleanup", [
      { id: "hook", kind: "webhook", config: {} },
      { id: "run", kind: "http", name: "Run", config: { method: "POST", url: "https://rmm.example/run", body: { type: "raw", raw: "{{ files.cleanup.ps1 }} {{ files.same.txt }}" } } },
    ]);
    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${ws}`)).body;
    expect(pre.files).toEqual([
      { name: "cleanup.ps1", status: "present", differsFromProvider: true },
      { name: "same.txt", status: "present", differsFromProvider: false },
    ]);
    expect(pre.notes.join(" ")).toContain("File cleanup.ps1 in Client A differs from yours (sha256) and is kept");
    expect(pre.notes.join(" ")).not.toContain("same.txt");
    expect((await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws, sampleData: "keep" })).status).toBe(201);
    const kept = await db().file.findFirstOrThrow({ where: { workspaceId: ws, name: "cleanup.ps1" } });
    expect(Buffer.from(kept.data).toString()).toContain("# v1");
  });
});
