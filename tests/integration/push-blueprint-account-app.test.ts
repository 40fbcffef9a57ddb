// A blueprint installed at the provider knows which app each HTTP step calls, with or without an
// account ("No account for now"): the step keeps that app (config.app), so a push asks the client
// for an account of that app — the review offers only those, and refuses another app's — instead
// of "any app", which invited a wrong pick. Also when the provider's chosen account was deleted.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { createAccount, startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
let clientRmm: string;
let clientPsa: string;

const setup = { cleanupScriptId: "scr-cleanup-01" };

beforeAll(async () => {
  clientRmm = await createAccount(t.adminA, t.clientA.id, "rmm", "Client RMM", { token: "rmm-token" });
  clientPsa = await createAccount(t.adminA, t.clientA.id, "psa", "Client PSA", { username: "a", password: "client-pass" });
});

async function installAndPush(connections: Record<string, string | null>): Promise<{ source: string; pre: Json; copy: string }> {
  const installed = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/blueprints/low-disk-remediation`, { setup, connections });
  expect(installed.status, JSON.stringify(installed.body)).toBe(201);
  const source = installed.body.id as string;
  const pre = (await t.tech.get(`/api/v1/workflows/${source}/push-preflight?target=${t.clientA.id}`)).body;
  const pushed = await t.tech.post(`/api/v1/workflows/${source}/push`, { targetWorkspaceId: t.clientA.id, sampleData: "keep" });
  expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
  return { source, pre, copy: pushed.body.copy.id };
}

/** The blueprint's HTTP steps, in order, and the app each calls. */
const stepApps = [
  ["run_cleanup", "rmm"],
  ["check_space", "rmm"],
  ["resolve_alert", "rmm"],
  ["recovered_note", "psa"],
  ["close_ticket", "psa"],
  ["escalate", "psa"],
  ["attach_diagnostics", "psa"],
];
const accountItems = (review: Json) => (review.items as Json[]).filter((i) => i.kind === "account").map((i) => [i.stepId, i.app, i.appLabel, i.options.map((o: Json) => o.name)]);

describe("a blueprint's HTTP steps pushed without the provider's account", () => {
  it("installed with no account for now: the review asks for an account of each step's own app", async () => {
    const { pre, copy } = await installAndPush({ rmm: null, psa: null });
    expect(pre.stepsWithoutAccount.map((s: Json) => [s.stepId, s.app])).toEqual(stepApps);
    expect(pre.notes.join(" ")).toContain("the client must choose an account for Remote monitoring (RMM) before going Live");

    const review = (await t.adminA.get(`/api/v1/workflows/${copy}/review`)).body;
    const rmm = ["rmm", "Remote monitoring (RMM)", ["Client RMM"]];
    const psa = ["psa", "PSA / ticketing", ["Client PSA"]];
    expect(accountItems(review)).toEqual([
      ["run_cleanup", ...rmm],
      ["check_space", ...rmm],
      ["resolve_alert", ...rmm],
      ["recovered_note", ...psa],
      ["close_ticket", ...psa],
      ["escalate", ...psa],
      ["attach_diagnostics", ...psa],
    ]);
    const wrongApp = await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/run_cleanup`, { connectionId: clientPsa });
    expect(wrongApp.status).toBe(400);
    expect(wrongApp.body.message).toContain('this step needs an account of the app "rmm"');
    const right = await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/run_cleanup`, { connectionId: clientRmm });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
  });

  it("installed with an account the provider deleted since: the review still asks for that app", async () => {
    const providerRmm = await createAccount(t.tech, t.provider.id, "rmm", "Provider RMM", { token: "p-rmm" });
    const installed = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/blueprints/low-disk-remediation`, { setup, connections: { rmm: providerRmm, psa: null } });
    expect(installed.status, JSON.stringify(installed.body)).toBe(201);
    expect((await t.tech.del(`/api/v1/connections/${providerRmm}?force=true`)).status).toBe(204);
    const source = installed.body.id as string;
    const pre = (await t.tech.get(`/api/v1/workflows/${source}/push-preflight?target=${t.clientB.id}`)).body;
    expect(pre.unknownAccounts.map((s: Json) => [s.stepId, s.app])).toEqual([
      ["run_cleanup", "rmm"],
      ["check_space", "rmm"],
      ["resolve_alert", "rmm"],
    ]);
    // The copy itself keeps the app on its steps, so a copy pushed before needs were recorded reads it too.
    const pushed = await t.tech.post(`/api/v1/workflows/${source}/push`, { targetWorkspaceId: t.clientB.id, sampleData: "keep" });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const copy = pushed.body.copy.id as string;
    await db().workflowCopy.update({ where: { copyWorkflowId: copy }, data: { accountSteps: [] } });
    const review = (await t.adminB.get(`/api/v1/workflows/${copy}/review`)).body;
    expect(accountItems(review).map(([stepId, app]) => [stepId, app])).toEqual(stepApps);
  });

  it("is refused by the workflows API when the step names no app of the catalog", async () => {
    const res = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/workflows`, {
      name: "Unknown app",
      steps: [{ id: "hook", kind: "webhook", name: "Hook", config: {} }, { id: "call", kind: "http", name: "Call", config: { url: "/ping", app: "ticketing" } }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("app: must be an app key of the app catalog");
  });
});
