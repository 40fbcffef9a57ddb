// "Run the stopped runs again" (POST /api/v1/workflows/{id}/runs/rerun-stopped): once the client
// has reviewed the provider's new version and gone Live, every run the re-push stopped starts again
// in one action — live runs with the stopped runs' payloads, each with its job — and never twice:
// two presses at once start each run once, and a run the client already ran again by hand is left
// out. Refused (409) while the push awaits review or the copy is in Draft; 404 to another tenant,
// 403 to a viewer; audited. No worker: the new runs stay queued, with their jobs, for the test to read.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import { endRunStopped, PUSH_STOP_REASON, PUSH_STOP_STEP_ERROR } from "@/lib/runs/end-run-stopped";
import { createUser, type Json } from "../helpers/api-fixtures";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer({ fakes: ["clientPsa"] });

const rerunPath = (id: string) => `/api/v1/workflows/${id}/runs/rerun-stopped`;
const summaryPath = (id: string) => `/api/v1/workflows/${id}/runs/stopped-by-push`;
const jobsOf = async (runIds: string[]) =>
  (await db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${QUEUES.runExecute.name} AND data->>'runId' = ANY(${runIds}::text[])`)[0].n;

/** A Live copy of the provider's "Report" with `n` deliveries queued on it (payload {alert: i}),
 *  which the provider's re-push then stops; the copy is back in Draft, its review open. */
async function copyWithStoppedRuns(n: number, extra: (copyId: string) => Promise<void> = async () => {}) {
  const hook = { id: "hook", kind: "webhook", config: {} };
  const report = { id: "report", kind: "http", name: "Report", config: { method: "POST", url: `${t.fakes.clientPsa.url}/report` } };
  const source = await t.createSource("Report", [hook, report]);
  const first = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  const copy = first.body.copy;
  await reviewAndGoLive(copy.id);
  const base = Date.now() - 60_000;
  const queued = await db().run.createManyAndReturn({
    data: Array.from({ length: n }, (_, i) => ({ workflowId: copy.id, workspaceId: t.clientA.id, status: "queued" as const, trigger: { alert: i }, createdAt: new Date(base + i) })),
    select: { id: true },
  });
  await extra(copy.id);
  const changed = await t.tech.put(`/api/v1/workflows/${source.id}`, { name: "Report", version: source.version, steps: [hook, { ...report, name: "Report v2" }] });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  const again = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  return { copy: copy as Json, stopped: queued.map((r) => r.id), runsStopped: again.body.runsStopped as string[] };
}

const reviewAndGoLive = async (copyId: string) => {
  expect((await t.adminA.post(`/api/v1/workflows/${copyId}/review/confirm`)).status).toBe(200);
  const live = await t.adminA.post(`/api/v1/workflows/${copyId}/live`);
  expect(live.status, JSON.stringify(live.body)).toBe(200);
};

describe("POST /api/v1/workflows/{id}/runs/rerun-stopped", () => {
  it("is refused while the push awaits review and while the copy is in Draft, then starts every stopped delivery as a live run on the version now Live", async () => {
    let testRun = "";
    const { copy, stopped, runsStopped } = await copyWithStoppedRuns(3, async (copyId) => {
      // A person's own test run, stopped too: not a delivery, so not started again.
      testRun = (await db().run.create({ data: { workflowId: copyId, workspaceId: t.clientA.id, status: "queued", test: true, trigger: { mine: true } } })).id;
    });
    expect(runsStopped).toEqual([...stopped, testRun]);

    const pending = await t.adminA.post(rerunPath(copy.id));
    expect(pending.status).toBe(409);
    expect(pending.body.error).toBe("review_pending");
    expect(pending.body.message).toMatch(/^your provider pushed a new version of this workflow \(version 2\) on .*, which has not been reviewed here yet: review it and go Live, then run the stopped runs again/);
    const summary = await t.adminA.get(summaryPath(copy.id));
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ count: 3, payloadCleared: 0, blocked: { error: "review_pending" } });
    expect(summary.body.pushes).toHaveLength(1);
    expect(summary.body.pushes[0].count).toBe(3);

    expect((await t.adminA.post(`/api/v1/workflows/${copy.id}/review/confirm`)).status).toBe(200);
    const draft = await t.adminA.post(rerunPath(copy.id));
    expect(draft.status).toBe(409);
    expect(draft.body).toMatchObject({ error: "workflow_not_live", message: expect.stringMatching(/^this workflow is in Draft/) });
    expect(await db().run.count({ where: { workflowId: copy.id } })).toBe(4); // nothing started

    expect((await t.adminA.post(`/api/v1/workflows/${copy.id}/live`)).status).toBe(200);
    expect((await t.adminA.get(summaryPath(copy.id))).body).toMatchObject({ count: 3, blocked: null });
    const res = await t.adminA.post(rerunPath(copy.id));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.started).toBe(3);
    expect(res.body.runs.map((r: Json) => r.sourceRunId)).toEqual(stopped); // oldest delivery first
    const ids = res.body.runs.map((r: Json) => r.id);
    const made = await db().run.findMany({ where: { id: { in: ids } } });
    for (const [i, r] of res.body.runs.entries()) {
      const run = made.find((m) => m.id === r.id)!;
      // Live runs (the deliveries they repeat were real), queued, with the stopped run's payload.
      expect(run).toMatchObject({ status: "queued", test: false, scope: "workflow", trigger: { alert: i }, workflowId: copy.id, stoppedByPushAt: null });
    }
    expect(await jobsOf(ids)).toBe(3);
    // The stopped runs stay as they ended; the test run was not started.
    expect(await db().run.count({ where: { id: { in: stopped }, status: "stopped", error: PUSH_STOP_REASON } })).toBe(3);
    expect(await db().run.count({ where: { workflowId: copy.id } })).toBe(7);

    const audit = await db().auditEvent.findFirst({ where: { workflowId: copy.id, action: "stopped_runs_rerun" } });
    expect(audit?.details).toMatchObject({ workflowName: "Report", started: 3, runs: res.body.runs.map((r: Json) => ({ runId: r.id, sourceRunId: r.sourceRunId })) });

    // Pressed again: nothing left to start.
    const again = await t.adminA.post(rerunPath(copy.id));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ started: 0, runs: [], payloadCleared: 0 });
    expect((await t.adminA.get(summaryPath(copy.id))).body).toMatchObject({ count: 0, pushes: [] });
  });

  it("two presses at once start each stopped run once", async () => {
    const { copy, stopped } = await copyWithStoppedRuns(40);
    await reviewAndGoLive(copy.id);
    const [a, b] = await Promise.all([t.adminA.post(rerunPath(copy.id)), t.adminA.post(rerunPath(copy.id))]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.started + b.body.started).toBe(40);
    const sources = [...a.body.runs, ...b.body.runs].map((r: Json) => r.sourceRunId).sort();
    expect(sources).toEqual([...stopped].sort());
    expect(await db().run.count({ where: { workflowId: copy.id, status: "queued" } })).toBe(40);
  });

  it("leaves out a stopped run already run again with Run again, and one whose payload retention cleared", async () => {
    const { copy, stopped } = await copyWithStoppedRuns(3);
    // Run again (a test run) on the first while the review is open: the client repeated that delivery by hand.
    const byHand = await t.adminA.post(`/api/v1/runs/${stopped[0]}/rerun`);
    expect(byHand.status).toBe(201);
    await db().run.update({ where: { id: stopped[1] }, data: { outputsClearedAt: new Date() } });
    await reviewAndGoLive(copy.id);
    expect((await t.adminA.get(summaryPath(copy.id))).body).toMatchObject({ count: 1, payloadCleared: 1 });
    const res = await t.adminA.post(rerunPath(copy.id));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ started: 1, payloadCleared: 1, runs: [{ sourceRunId: stopped[2] }] });
  });

  it("answers 404 to another tenant and 403 to a viewer of the client, starting nothing", async () => {
    const { copy } = await copyWithStoppedRuns(2);
    await reviewAndGoLive(copy.id);
    const outsider = t.as(t.users.outsider);
    expect((await outsider.post(rerunPath(copy.id))).status).toBe(404);
    expect((await outsider.get(summaryPath(copy.id))).status).toBe(404);
    expect((await t.adminB.post(rerunPath(copy.id))).status).toBe(404);
    const viewer = t.as(await createUser([{ workspaceId: t.clientA.id, role: "viewer" }]));
    expect((await viewer.post(rerunPath(copy.id))).status).toBe(403);
    expect((await viewer.get(summaryPath(copy.id))).body).toMatchObject({ count: 2 }); // a viewer reads what it would start
    expect(await db().run.count({ where: { workflowId: copy.id } })).toBe(2);
  });

  it("starts thousands of stopped runs, each with its job, in one action", async () => {
    const { copy, stopped } = await copyWithStoppedRuns(4500);
    await reviewAndGoLive(copy.id);
    const res = await t.adminA.post(rerunPath(copy.id));
    expect(res.status).toBe(201);
    expect(res.body.started).toBe(4500);
    expect(new Set(res.body.runs.map((r: Json) => r.sourceRunId)).size).toBe(4500);
    expect(res.body.runs[0].sourceRunId).toBe(stopped[0]);
    expect(await jobsOf(res.body.runs.map((r: Json) => r.id))).toBe(4500);
  });

  it("a run the worker stops while the push awaits review records that push, and is started again too", async () => {
    const { copy } = await copyWithStoppedRuns(1);
    // A delivery that committed just after the push: the worker ends it (stop-unreviewed-run.ts).
    const late = await db().run.create({ data: { workflowId: copy.id, workspaceId: t.clientA.id, status: "queued", trigger: { late: true } } });
    await db().$transaction((tx) => endRunStopped({ runId: late.id, steps: [], reason: PUSH_STOP_REASON, stepError: PUSH_STOP_STEP_ERROR, byPush: "last push", tx }));
    const pushedAt = (await db().workflowCopy.findUniqueOrThrow({ where: { copyWorkflowId: copy.id } })).pushedAt;
    expect((await db().run.findUniqueOrThrow({ where: { id: late.id } })).stoppedByPushAt).toEqual(pushedAt);
    await reviewAndGoLive(copy.id);
    const res = await t.adminA.post(rerunPath(copy.id));
    expect(res.body.started).toBe(2);
    expect(res.body.runs.map((r: Json) => r.sourceRunId)).toContain(late.id);
  });
});
