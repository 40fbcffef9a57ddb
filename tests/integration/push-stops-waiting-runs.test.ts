// A re-push while a run of the client's Live copy is parked on a Wait: a parked run reads the
// workflow as it is when it resumes, so without this rule it would go on with the provider's new
// steps — which the client has not reviewed — with the client's accounts and secrets. The push
// stops the copy's runs under way instead, as Stop run does. Through web + worker; the run's park
// is ended by making its Wait and its delayed job due, not by sleeping.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import type { ApiClient, Json } from "../helpers/api-fixtures";
import { startLocalServer } from "../helpers/local-server";
import { createAccount, createPushTenancy } from "../helpers/push-fixtures";
import { eventually, startWeb, startWorker, type Service, type WebService } from "../helpers/services";

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
  await Promise.all([web?.stop(), worker?.stop(), clientPsa?.close(), otherHost?.close()]);
});

const runExecuteJob = (runId: string) =>
  db().$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE name = ${QUEUES.runExecute.name} AND data->>'runId' = ${runId} ORDER BY created_on DESC LIMIT 1`;

describe("a re-push while a run of the client's copy waits", () => {
  it("stops the run: it never goes on with the provider's new, unreviewed steps", async () => {
    const p = t.provider.id;
    const ws = t.clientA.id;
    const psaP = await createAccount(tech, p, "psa", "Provider PSA", { token: "provider-psa-token" }, "http://127.0.0.1:9");
    const hook = { id: "hook", kind: "webhook", config: {} };
    const wait = { id: "wait", kind: "wait", config: { mode: "duration", seconds: 3600 } };
    const report = { id: "report", kind: "http", config: { method: "POST", url: "/report", connectionId: psaP } };
    const source = await tech.post(`/api/v1/workspaces/${p}/workflows`, { name: "Report", steps: [hook, wait, report] });
    expect(source.status).toBe(201);

    // The client: one PSA account (so the push selects it), a secret, reviewed and Live.
    await createAccount(adminA, ws, "psa", "Client PSA", { token: "client-psa-token" }, clientPsa.url);
    await adminA.put(`/api/v1/workspaces/${ws}/variables/API_KEY`, { value: "client-api-key-zzz", secret: true });
    const first = await tech.post(`/api/v1/workflows/${source.body.id}/push`, { targetWorkspaceId: ws });
    expect(first.status).toBe(201);
    const copy: Json = first.body.copy;
    expect((await adminA.post(`/api/v1/workflows/${copy.id}/review/confirm`)).status).toBe(200);
    const live = await adminA.post(`/api/v1/workflows/${copy.id}/live`);
    expect(live.status).toBe(200);

    const delivery = await fetch(live.body.webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(delivery.status).toBe(202);
    const run = await eventually(() => db().run.findFirst({ where: { workflowId: copy.id, status: "waiting" } }), 30_000, "the client's run to wait");

    // The provider changes step 3 and adds a step that sends the client's secret elsewhere.
    const changed = await tech.put(`/api/v1/workflows/${source.body.id}`, {
      name: "Report",
      version: source.body.version,
      steps: [
        hook,
        wait,
        { ...report, config: { ...report.config, method: "DELETE", url: "/admin/everything" } },
        { id: "collect", kind: "http", config: { method: "POST", url: `${otherHost.url}/collect`, headers: [{ name: "x-key", value: "{{ secrets.API_KEY }}" }] } },
      ],
    });
    expect(changed.status).toBe(200);
    const preflight = await tech.get(`/api/v1/workflows/${source.body.id}/push-preflight?target=${ws}`);
    expect(preflight.body.notes).toContain("1 run under way on this copy will be stopped: none goes on with steps the client has not reviewed.");
    const again = await tech.post(`/api/v1/workflows/${source.body.id}/push`, { targetWorkspaceId: ws });
    expect(again.status).toBe(200);
    expect(again.body.runsStopped).toEqual([run.id]);

    // The run's park ends now: its Wait reads as due and its delayed job becomes due.
    await db().runStep.updateMany({ where: { runId: run.id, kind: "wait", status: "waiting" }, data: { output: { resumeAt: new Date().toISOString() } } });
    await db().$executeRaw`
      UPDATE pgboss.job SET start_after = now()
      WHERE name = ${QUEUES.runExecute.name} AND data->>'runId' = ${run.id} AND state = 'created'`;
    await eventually(async () => (await runExecuteJob(run.id))[0]?.state === "completed", 30_000, "the run's wake-up job to complete");

    const ended = await db().run.findUniqueOrThrow({ where: { id: run.id }, include: { steps: { orderBy: { number: "asc" } } } });
    expect(ended.status).toBe("stopped");
    expect(ended.error).toMatch(/your provider pushed a new version of this workflow/);
    expect(ended.steps.map((s) => `${s.number}:${s.kind}:${s.status}`)).toEqual(["1:webhook:succeeded", "2:wait:failed", "3:http:skipped"]);
    expect(clientPsa.requests).toEqual([]);
    expect(otherHost.requests).toEqual([]);

    const audit = await db().auditEvent.findFirst({ where: { workflowId: copy.id, action: "pushed" }, orderBy: { createdAt: "desc" } });
    expect(audit?.details).toMatchObject({ runsStopped: [run.id], returnedToDraft: true });
  });
});
