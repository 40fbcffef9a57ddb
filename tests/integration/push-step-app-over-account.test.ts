// A blueprint's RMM step ("Run the approved cleanup script", config.app = rmm) on which the
// provider picked its PSA account: the push used to take the step's app from that account, so the
// preflight selected the client's PSA account for the RMM call and the review asked nothing. The
// step's own app wins: the preflight selects the client's RMM account and tells the provider about
// its PSA pick, and the review asks for, offers and accepts only RMM accounts.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { createAccount, startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
let clientRmm: string;
let clientPsa: string;
let source: string;

beforeAll(async () => {
  clientRmm = await createAccount(t.adminA, t.clientA.id, "rmm", "Client RMM", { token: "rmm-token" });
  clientPsa = await createAccount(t.adminA, t.clientA.id, "psa", "Client PSA", { username: "a", password: "client-pass" });
  const providerRmm = await createAccount(t.tech, t.provider.id, "rmm", "Fake RMM", { token: "p-rmm" });
  const providerPsa = await createAccount(t.tech, t.provider.id, "psa", "Fake PSA", { username: "p", password: "p-pass" });
  const installed = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/blueprints/low-disk-remediation`, {
    setup: { cleanupScriptId: "scr-cleanup-01" },
    connections: { rmm: providerRmm, psa: providerPsa },
  });
  expect(installed.status, JSON.stringify(installed.body)).toBe(201);
  source = installed.body.id as string;
  // The wrong pick: the RMM script run on the provider's PSA account (its app stays rmm).
  const wf = (await t.tech.get(`/api/v1/workflows/${source}`)).body;
  const steps = (wf.steps as Json[]).map((s) => (s.id === "run_cleanup" ? { ...s, config: { ...s.config, connectionId: providerPsa } } : s));
  expect(steps.find((s) => s.id === "run_cleanup")!.config.app).toBe("rmm");
  const saved = await t.tech.put(`/api/v1/workflows/${source}`, { name: wf.name, steps });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});

const appOfStep = (pre: Json, stepId: string) =>
  (pre.connections as Json[]).flatMap((c) => (c.steps as Json[]).filter((s) => s.stepId === stepId).map((s) => [c.app, s.result, s.account?.name]));

describe("a step built for the RMM on the provider's PSA account", () => {
  it("is planned for the client's RMM account, and the preflight says the provider's pick is of another app", async () => {
    const pre = (await t.tech.get(`/api/v1/workflows/${source}/push-preflight?target=${t.clientA.id}`)).body;
    expect(appOfStep(pre, "run_cleanup")).toEqual([["rmm", "selected", "Client RMM"]]);
    expect(pre.otherAppAccounts).toEqual([
      { stepId: "run_cleanup", number: 2, name: "Run the approved cleanup script", account: { name: "Fake PSA", app: "psa" }, app: "rmm" },
    ]);
    expect(pre.notes).toContainEqual(expect.stringContaining('Step 2 (Run the approved cleanup script) was built for Remote monitoring (RMM) but selects your PSA / ticketing account "Fake PSA"'));
  });

  it("arrives on the client's RMM account; the review offers only RMM accounts and refuses the PSA one", async () => {
    const pushed = await t.tech.post(`/api/v1/workflows/${source}/push`, { targetWorkspaceId: t.clientA.id, sampleData: "keep" });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const copy = pushed.body.copy.id as string;
    const copySteps = (await t.adminA.get(`/api/v1/workflows/${copy}`)).body.steps as Json[];
    expect(copySteps.find((s) => s.id === "run_cleanup")!.config.connectionId).toBe(clientRmm);

    const item = ((await t.adminA.get(`/api/v1/workflows/${copy}/review`)).body.items as Json[]).find((i) => i.kind === "account" && i.stepId === "run_cleanup")!;
    expect([item.app, item.options.map((o: Json) => o.name), item.done]).toEqual(["rmm", ["Client RMM"], true]);
    const wrong = await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/run_cleanup`, { connectionId: clientPsa });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('this step needs an account of the app "rmm"');
  });

  it("in a copy pushed before the fix (recorded as a PSA step, on the client's PSA account), the review asks again for an RMM account", async () => {
    const pushed = await t.tech.post(`/api/v1/workflows/${source}/push`, { targetWorkspaceId: t.clientA.id, sampleData: "keep" });
    const copy = pushed.body.copy.id as string;
    const link = await db().workflowCopy.findUniqueOrThrow({ where: { copyWorkflowId: copy } });
    const needs = (link.accountSteps as Json[]).map((n) => (n.stepId === "run_cleanup" ? { ...n, app: "psa" } : n));
    await db().workflowCopy.update({ where: { copyWorkflowId: copy }, data: { accountSteps: needs } });
    const chosen = await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/run_cleanup`, { connectionId: clientPsa });
    expect(chosen.status).toBe(400);
    const item = ((await t.adminA.get(`/api/v1/workflows/${copy}/review`)).body.items as Json[]).find((i) => i.kind === "account" && i.stepId === "run_cleanup")!;
    expect([item.app, item.options.map((o: Json) => o.name)]).toEqual(["rmm", ["Client RMM"]]);
  });
});
