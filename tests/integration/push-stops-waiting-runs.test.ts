// A re-push while a run of the client's Live copy is parked on a Wait: a parked run reads the
// workflow as it is when it resumes, so without this rule it would go on with the provider's new
// steps — which the client has not reviewed — with the client's accounts and secrets. The push
// stops the copy's runs under way instead, as Stop run does. Through web + worker; the run's park
// is ended by making its Wait and its delayed job due, not by sleeping.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import { liveReportCopy, runJobState, sendsApiKeyTo, startPushServer } from "../helpers/push-fixtures";
import { eventually } from "../helpers/services";

const t = startPushServer({ worker: true, fakes: ["clientPsa", "otherHost"] });

describe("a re-push while a run of the client's copy waits", () => {
  it("stops the run: it never goes on with the provider's new, unreviewed steps", async () => {
    const ws = t.clientA.id;
    const { clientPsa, otherHost } = t.fakes;
    const wait = { id: "wait", kind: "wait", config: { mode: "duration", seconds: 3600 } };
    // The client: one PSA account (so the push selects it), a secret, reviewed and Live.
    const { source, copy, webhookUrl, hook, report } = await liveReportCopy(t, clientPsa.url, [wait]);

    const delivery = await fetch(webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(delivery.status).toBe(202);
    const run = await eventually(() => db().run.findFirst({ where: { workflowId: copy.id, status: "waiting" } }), 30_000, "the client's run to wait");

    // The provider changes step 3 and adds a step that sends the client's secret elsewhere.
    const changed = await t.tech.put(`/api/v1/workflows/${source.id}`, {
      name: "Report",
      version: source.version,
      steps: [hook, wait, { ...report, config: { ...report.config, method: "DELETE", url: "/admin/everything" } }, sendsApiKeyTo(otherHost.url)],
    });
    expect(changed.status).toBe(200);
    const preflight = await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${ws}`);
    expect(preflight.body.notes).toContain("1 run under way on this copy will be stopped: none goes on with steps the client has not reviewed.");
    const again = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws });
    expect(again.status).toBe(200);
    expect(again.body.runsStopped).toEqual([run.id]);

    // The run's park ends now: its Wait reads as due and its delayed job becomes due.
    await db().runStep.updateMany({ where: { runId: run.id, kind: "wait", status: "waiting" }, data: { output: { resumeAt: new Date().toISOString() } } });
    await db().$executeRaw`
      UPDATE pgboss.job SET start_after = now()
      WHERE name = ${QUEUES.runExecute.name} AND data->>'runId' = ${run.id} AND state = 'created'`;
    await eventually(async () => (await runJobState(run.id)) === "completed", 30_000, "the run's wake-up job to complete");

    const ended = await db().run.findUniqueOrThrow({ where: { id: run.id }, include: { steps: { orderBy: { number: "asc" } } } });
    expect(ended.status).toBe("stopped");
    expect(ended.error).toMatch(/your provider pushed a new version of this workflow/);
    expect(ended.steps.map((s) => `${s.number}:${s.kind}:${s.status}`)).toEqual(["1:webhook:succeeded", "2:wait:failed", "3:http:skipped"]);
    expect(clientPsa.requests).toEqual([]);
    expect(otherHost.requests).toEqual([]);

    const audit = await db().auditEvent.findFirst({ where: { workflowId: copy.id, action: "pushed" }, orderBy: { createdAt: "desc" } });
    expect(audit?.details).toMatchObject({ runsStopped: [run.id], returnedToDraft: true });

    // The client reviews the new version and goes Live: the stopped run stays stopped — nothing
    // runs it again by itself —, and its error says so and how to repeat it (it promised "it runs
    // again once you have reviewed that version and gone Live", and the client waited for it).
    expect((await t.adminA.post(`/api/v1/workflows/${copy.id}/review/confirm`)).status).toBe(200);
    const live = await t.adminA.post(`/api/v1/workflows/${copy.id}/live`);
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    const after = await t.adminA.get(`/api/v1/runs/${run.id}`);
    expect(after.body.status).toBe("stopped");
    expect(await db().run.count({ where: { workflowId: copy.id } })).toBe(1);
    expect(after.body.error).not.toMatch(/it runs again once/);
    expect(after.body.error).toMatch(/it does not run again by itself: once you have reviewed that version and gone Live, “Run the stopped runs again” on this workflow's review page starts it again with the same data, on the version then Live/);
  });
});
