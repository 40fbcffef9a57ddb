// A delivery accepted at the moment of a re-push: the intake read the copy as Live, its run's
// insert waited on the push's lock on the copy's row and committed after the push. The push did
// not see that run to stop it (it did not exist yet), so it is queued on a copy whose steps are
// now the provider's new ones, not reviewed by the client. The worker must end it stopped, never
// execute it with the client's accounts and secrets. Reproduced by holding the push's
// transaction open until the delivery's insert waits on its lock. A run resuming from a Wait or a
// retry while the review is open is ended the same way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import { PUSH_STOP_REASON, pushWorkflow } from "@/lib/push/push-workflow";
import type { ApiClient, Json } from "../helpers/api-fixtures";
import { startLocalServer } from "../helpers/local-server";
import { untilLockWait } from "../helpers/lock-waits";
import { createAccount, createPushTenancy } from "../helpers/push-fixtures";
import { eventually, startWeb, startWorker, type Service, type WebService } from "../helpers/services";
import { stopTestBoss, testBoss } from "./run-engine-fixtures";

type Server = Awaited<ReturnType<typeof startLocalServer>>;
let web: WebService;
let worker: Service;
let clientPsa: Server;
let otherHost: Server;
let t: Awaited<ReturnType<typeof createPushTenancy>>;
let tech: ApiClient;
let adminA: ApiClient;

const reply = (_req: unknown, res: import("node:http").ServerResponse) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ ok: true }));
};

beforeAll(async () => {
  [web, worker, clientPsa, otherHost] = await Promise.all([startWeb(), startWorker(), startLocalServer(reply), startLocalServer(reply)]);
  t = await createPushTenancy(web.baseUrl);
  tech = t.api(t.users.tech);
  adminA = t.api(t.users.adminA);
});
afterAll(async () => {
  await Promise.all([web?.stop(), worker?.stop(), clientPsa?.close(), otherHost?.close(), stopTestBoss()]);
});

const runExecuteJob = (runId: string) =>
  db().$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE name = ${QUEUES.runExecute.name} AND data->>'runId' = ${runId} ORDER BY created_on DESC LIMIT 1`;

describe("a delivery accepted while a re-push commits", () => {
  it("is ended stopped by the worker, not executed on the provider's new, unreviewed steps", async () => {
    const p = t.provider.id;
    const ws = t.clientA.id;
    const psaP = await createAccount(tech, p, "psa", "Provider PSA", { token: "provider-psa-token" }, "http://127.0.0.1:9");
    const hook = { id: "hook", kind: "webhook", config: {} };
    const report = { id: "report", kind: "http", config: { method: "POST", url: "/report", connectionId: psaP } };
    const source = await tech.post(`/api/v1/workspaces/${p}/workflows`, { name: "Report", steps: [hook, report] });
    expect(source.status).toBe(201);

    await createAccount(adminA, ws, "psa", "Client PSA", { token: "client-psa-token" }, clientPsa.url);
    await adminA.put(`/api/v1/workspaces/${ws}/variables/API_KEY`, { value: "client-api-key-zzz", secret: true });
    const first = await tech.post(`/api/v1/workflows/${source.body.id}/push`, { targetWorkspaceId: ws });
    expect(first.status).toBe(201);
    const copy: Json = first.body.copy;
    expect((await adminA.post(`/api/v1/workflows/${copy.id}/review/confirm`)).status).toBe(200);
    const live = await adminA.post(`/api/v1/workflows/${copy.id}/live`);
    expect(live.status).toBe(200);

    // The provider's new version sends the client's secret to another host.
    const changed = await tech.put(`/api/v1/workflows/${source.body.id}`, {
      name: "Report",
      version: source.body.version,
      steps: [hook, { id: "collect", kind: "http", config: { method: "POST", url: `${otherHost.url}/collect`, headers: [{ name: "x-key", value: "{{ secrets.API_KEY }}" }] } }],
    });
    expect(changed.status).toBe(200);

    // The re-push, held open once it has written the copy; the delivery arrives meanwhile.
    const user = await db().user.findUniqueOrThrow({ where: { id: t.users.tech.id }, select: { id: true, email: true } });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let pushed!: () => void;
    const pushWritten = new Promise<void>((r) => (pushed = r));
    const push = db().$transaction(
      async (tx) => {
        const result = await pushWorkflow({ workflowId: source.body.id, targetWorkspaceId: ws, user, tx });
        pushed();
        await released;
        return result;
      },
      { timeout: 60_000 },
    );
    await pushWritten;
    const delivery = fetch(live.body.webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    await untilLockWait(); // the intake read the copy as Live; its run waits on the push's lock
    release();
    expect((await push).runsStopped).toEqual([]);
    expect((await delivery).status).toBe(202);

    const run = await eventually(() => db().run.findFirst({ where: { workflowId: copy.id } }), 15_000, "the delivery's run");
    await eventually(async () => (await runExecuteJob(run.id))[0]?.state === "completed", 30_000, "the run's job to complete");
    const ended = await db().run.findUniqueOrThrow({ where: { id: run.id }, include: { steps: { orderBy: { number: "asc" } } } });
    expect(ended.status).toBe("stopped");
    expect(ended.error).toBe(PUSH_STOP_REASON);
    expect(ended.steps.map((s) => `${s.number}:${s.kind}:${s.status}`)).toEqual(["1:webhook:skipped", "2:http:skipped"]);
    expect(otherHost.requests).toEqual([]);
    expect(clientPsa.requests).toEqual([]);

    // A run parked (on a Wait or a retry's backoff) that resumes while the review is open is ended
    // the same way: its wake-up job finds the copy under review.
    const parked = await db().run.create({ data: { workflowId: copy.id, workspaceId: ws, status: "waiting", trigger: {}, startedAt: new Date() } });
    await db().runStep.create({ data: { runId: parked.id, stepId: "hook", number: 1, kind: "webhook", status: "succeeded", output: {}, finishedAt: new Date() } });
    await (await testBoss()).send(QUEUES.runExecute.name, { runId: parked.id });
    await eventually(async () => (await runExecuteJob(parked.id))[0]?.state === "completed", 30_000, "the parked run's wake-up job to complete");
    const resumed = await db().run.findUniqueOrThrow({ where: { id: parked.id }, include: { steps: { orderBy: { number: "asc" } } } });
    expect(resumed).toMatchObject({ status: "stopped", error: PUSH_STOP_REASON });
    expect(resumed.steps.map((s) => `${s.number}:${s.kind}:${s.status}`)).toEqual(["1:webhook:succeeded", "2:http:skipped"]);
    expect(otherHost.requests).toEqual([]);

    // Once the client has reviewed the new version and gone Live, deliveries run again.
    expect((await adminA.post(`/api/v1/workflows/${copy.id}/review/confirm`)).status).toBe(200);
    const again = await adminA.post(`/api/v1/workflows/${copy.id}/live`);
    expect(again.status).toBe(200);
    expect((await fetch(again.body.webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(202);
    await eventually(() => db().run.findFirst({ where: { workflowId: copy.id, status: "succeeded" } }), 30_000, "the reviewed run to succeed");
    expect(otherHost.requests).toHaveLength(1);
  });
});
