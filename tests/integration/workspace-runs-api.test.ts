// GET /api/v1/workspaces/{id}/runs over the real server: runs across a workspace's workflows,
// a provider's clients' with clients=true, filtered by status, window and workflow, newest first,
// older pages by the `before` cursor, and nothing of anyone else's.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createUser } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, as } = startTestServer();
const ids: Record<string, string> = {};

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);

async function workflow(workspaceId: string, name: string) {
  return db().workflow.create({ data: { workspaceId, name, steps: [{ id: "t", kind: "webhook", name: "Webhook", config: {} }] } });
}
async function run(wf: { id: string; workspaceId: string }, status: "succeeded" | "failed" | "waiting", createdAt: Date, error: string | null = null) {
  const r = await db().run.create({ data: { workflowId: wf.id, workspaceId: wf.workspaceId, status, createdAt, startedAt: createdAt, finishedAt: status === "waiting" ? null : new Date(createdAt.getTime() + 1500), error } });
  return r.id;
}

beforeAll(async () => {
  const providerFlow = await workflow(t.providerA.id, "Provider flow");
  const clientFlow = await workflow(t.clientA1.id, "Client flow");
  const otherFlow = await workflow(t.providerB.id, "Other MSP flow");
  ids.pOk = await run(providerFlow, "succeeded", hoursAgo(1));
  ids.pFailed = await run(providerFlow, "failed", hoursAgo(3), `step 2 (Code): ${"x".repeat(400)}`);
  ids.pOld = await run(providerFlow, "failed", hoursAgo(24 * 10), "old failure");
  ids.pOlder = await run(providerFlow, "failed", hoursAgo(24 * 40), "a failure kept by a 90-day retention");
  ids.cFailed = await run(clientFlow, "failed", hoursAgo(2), "step 2 (HTTP Request): HTTP 503");
  ids.cWaiting = await run(clientFlow, "waiting", hoursAgo(0.5));
  ids.other = await run(otherFlow, "failed", hoursAgo(1), "not yours");
});

const runs = (r: { body: { runs: { id: string }[] } }) => r.body.runs.map((x) => x.id);

describe("GET /api/v1/workspaces/{id}/runs", () => {
  it("lists the workspace's runs of the last 7 days, newest first, with workflow and workspace names", async () => {
    const r = await as(t.editor).get(`/api/v1/workspaces/${t.providerA.id}/runs`);
    expect(r.status).toBe(200);
    expect(runs(r)).toEqual([ids.pOk, ids.pFailed]);
    expect(r.body.runs[1]).toEqual({
      id: ids.pFailed,
      workflowId: expect.any(String),
      workflowName: "Provider flow",
      workspaceId: t.providerA.id,
      workspaceName: "Provider A",
      status: "failed",
      test: false,
      scope: "workflow",
      testedStep: null,
      createdAt: expect.any(String),
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      error: expect.stringMatching(/^step 2 \(Code\): x+$/),
    });
    expect(r.body.runs[1].error).toHaveLength(300);
  });

  it("with clients=true a provider's member sees its clients' runs too; status and days narrow it", async () => {
    const all = await as(t.viewer).get(`/api/v1/workspaces/${t.providerA.id}/runs?clients=true`);
    expect(runs(all)).toEqual([ids.cWaiting, ids.pOk, ids.cFailed, ids.pFailed]);
    expect(all.body.runs[0]).toMatchObject({ workflowName: "Client flow", workspaceName: "Client A1" });
    expect(runs(await as(t.viewer).get(`/api/v1/workspaces/${t.providerA.id}/runs?clients=true&status=failed`))).toEqual([ids.cFailed, ids.pFailed]);
    expect(runs(await as(t.viewer).get(`/api/v1/workspaces/${t.providerA.id}/runs?status=failed&days=30`))).toEqual([ids.pFailed, ids.pOld]);
    // Windows longer than 30 days (a workspace keeping runs 90 days or a year).
    expect(runs(await as(t.viewer).get(`/api/v1/workspaces/${t.providerA.id}/runs?status=failed&days=90`))).toEqual([ids.pFailed, ids.pOld, ids.pOlder]);
    expect(runs(await as(t.viewer).get(`/api/v1/workspaces/${t.providerA.id}/runs?status=failed&days=3650`))).toEqual([ids.pFailed, ids.pOld, ids.pOlder]);
    expect(runs(await as(t.viewer).get(`/api/v1/workspaces/${t.providerA.id}/runs?clients=true&limit=2`))).toEqual([ids.cWaiting, ids.pOk]);
  });

  it("shows a client's members their own runs only, and others nothing (404)", async () => {
    const own = await as(t.clientAdmin).get(`/api/v1/workspaces/${t.clientA1.id}/runs?clients=true`);
    expect(runs(own)).toEqual([ids.cWaiting, ids.cFailed]);
    expect((await as(t.clientAdmin).get(`/api/v1/workspaces/${t.providerA.id}/runs`)).status).toBe(404);
    const outsider = await as(t.outsider).get(`/api/v1/workspaces/${t.providerA.id}/runs?clients=true`);
    expect(outsider.status).toBe(404);
    const mine = await as(t.outsider).get(`/api/v1/workspaces/${t.providerB.id}/runs?clients=true`);
    expect(runs(mine)).toEqual([ids.other]);
  });

  // The Runs page labelled every test run "test", so Run again on a test of one step could run the
  // whole workflow's external calls unannounced: each now says which step it tested, if one.
  it("says which kind of test each run is: the one step a Run step test executed, or none for the whole workflow", async () => {
    const ws = await db().workspace.create({ data: { name: "Tests", kind: "provider" } });
    const who = await createUser([{ workspaceId: ws.id, role: "viewer" }]);
    const wf = await db().workflow.create({
      data: {
        workspaceId: ws.id,
        name: "Three steps",
        steps: [
          { id: "t", kind: "webhook", name: "Webhook", config: {} },
          { id: "p", kind: "parse_json", name: "Parse", config: { input: "{{ 1.raw }}" } },
          { id: "h", kind: "http", name: "Call", config: { method: "GET", url: "https://x.test" } },
        ],
      },
    });
    const at = (m: number) => new Date(Date.now() - m * 60_000);
    const test = (data: { scope: string; targetStepId?: string; test?: boolean }, minutes: number) =>
      db().run.create({ data: { workflowId: wf.id, workspaceId: ws.id, status: "succeeded", test: true, createdAt: at(minutes), ...data } });
    const stepTest = await test({ scope: "step", targetStepId: "h" }, 5);
    // The step ran as step 3 then; recorded so, whatever the workflow reads now.
    await db().runStep.create({ data: { runId: stepTest.id, stepId: "h", number: 3, kind: "http", status: "succeeded" } });
    const queued = await test({ scope: "step", targetStepId: "p" }, 4); // no record yet: its place in the workflow now
    const trigger = await test({ scope: "step" }, 3);
    const whole = await test({ scope: "workflow" }, 2);
    const live = await test({ scope: "workflow", test: false }, 1);
    const r = await as(who).get(`/api/v1/workspaces/${ws.id}/runs`);
    expect(r.status).toBe(200);
    expect(r.body.runs.map((x: { id: string; test: boolean; scope: string; testedStep: number | null }) => [x.id, x.test, x.scope, x.testedStep])).toEqual([
      [live.id, false, "workflow", null],
      [whole.id, true, "workflow", null],
      [trigger.id, true, "step", 1],
      [queued.id, true, "step", 2],
      [stepTest.id, true, "step", 3],
    ]);
  });

  // A busy workflow's runs filled the newest page (200 runs ≈ 12 s of deliveries) and `before`
  // was ignored: the other workflows' runs and older ones could not be reached.
  it("pages older runs from nextBefore, each run once, and ends with nextBefore null", async () => {
    const seen: string[] = [];
    let before: string | null = null;
    for (let page = 0; page < 10; page++) {
      const r = await as(t.viewer).get(`/api/v1/workspaces/${t.providerA.id}/runs?clients=true&limit=1${before ? `&before=${encodeURIComponent(before)}` : ""}`);
      expect(r.status).toBe(200);
      seen.push(...runs(r));
      before = r.body.nextBefore;
      if (!before) break;
    }
    expect(seen).toEqual([ids.cWaiting, ids.pOk, ids.cFailed, ids.pFailed]);
    expect(before).toBeNull();
    // A bare ISO time: the runs created before it.
    const at = new Date(Date.now() - 1.5 * 3600_000).toISOString();
    expect(runs(await as(t.viewer).get(`/api/v1/workspaces/${t.providerA.id}/runs?clients=true&before=${at}`))).toEqual([ids.cFailed, ids.pFailed]);
  });

  it("lists one workflow's runs with workflowId, and none for a workflow of another tenant", async () => {
    const clientFlow = (await db().run.findUniqueOrThrow({ where: { id: ids.cFailed } })).workflowId;
    const otherFlow = (await db().run.findUniqueOrThrow({ where: { id: ids.other } })).workflowId;
    expect(runs(await as(t.viewer).get(`/api/v1/workspaces/${t.providerA.id}/runs?clients=true&workflowId=${clientFlow}`))).toEqual([ids.cWaiting, ids.cFailed]);
    // Without clients=true the client's workflow is not among those listed.
    expect(runs(await as(t.viewer).get(`/api/v1/workspaces/${t.providerA.id}/runs?workflowId=${clientFlow}`))).toEqual([]);
    expect(runs(await as(t.viewer).get(`/api/v1/workspaces/${t.providerA.id}/runs?clients=true&workflowId=${otherFlow}`))).toEqual([]);
  });

  it("refuses an unknown status, a window outside 1–3650 days, a bad limit and a before that is no cursor (400); a limit over 200 is taken as 200", async () => {
    const who = await createUser([{ workspaceId: t.providerA.id, role: "viewer" }]);
    expect((await as(who).get(`/api/v1/workspaces/${t.providerA.id}/runs?limit=201`)).status).toBe(200);
    for (const q of ["status=broken", "days=0", "days=3651", "limit=0", "limit=2.5", "clients=maybe", "before=yesterday", "before=0000-01-01T00:00:00Z"]) {
      const r = await as(who).get(`/api/v1/workspaces/${t.providerA.id}/runs?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error, q).toMatch(/invalid_request|bad_request/);
    }
  });
});
