// A delivery accepted at the moment of a re-push: the intake read the copy as Live, its run's
// insert waited on the push's lock on the copy's row and committed after the push. The push did
// not see that run to stop it (it did not exist yet), so it is queued on a copy whose steps are
// now the provider's new ones, not reviewed by the client. The worker must end it stopped, never
// execute it with the client's accounts and secrets. Reproduced by holding the push's
// transaction open until the delivery's insert waits on its lock. A run resuming from a Wait or a
// retry while the review is open is ended the same way.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import { PUSH_STOP_REASON, pushWorkflow } from "@/lib/push/push-workflow";
import { untilLockWait } from "../helpers/lock-waits";
import { liveReportCopy, runJobState, sendsApiKeyTo, startPushServer } from "../helpers/push-fixtures";
import { eventually } from "../helpers/services";
import { stopTestBoss, testBoss } from "./run-engine-fixtures";

const t = startPushServer({ worker: true, fakes: ["clientPsa", "otherHost"] });
afterAll(() => stopTestBoss());

describe("a delivery accepted while a re-push commits", () => {
  it("is ended stopped by the worker, not executed on the provider's new, unreviewed steps", async () => {
    const ws = t.clientA.id;
    const { clientPsa, otherHost } = t.fakes;
    const { source, copy, webhookUrl, hook } = await liveReportCopy(t, clientPsa.url);

    // The provider's new version sends the client's secret to another host.
    const changed = await t.tech.put(`/api/v1/workflows/${source.id}`, { name: "Report", version: source.version, steps: [hook, sendsApiKeyTo(otherHost.url)] });
    expect(changed.status).toBe(200);

    // The re-push, held open once it has written the copy; the delivery arrives meanwhile.
    const user = await db().user.findUniqueOrThrow({ where: { id: t.users.tech.id }, select: { id: true, email: true } });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let pushed!: () => void;
    const pushWritten = new Promise<void>((r) => (pushed = r));
    const push = db().$transaction(
      async (tx) => {
        const result = await pushWorkflow({ workflowId: source.id, targetWorkspaceId: ws, user, tx });
        pushed();
        await released;
        return result;
      },
      { timeout: 60_000 },
    );
    await pushWritten;
    const delivery = fetch(webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    await untilLockWait(); // the intake read the copy as Live; its run waits on the push's lock
    release();
    expect((await push).runsStopped).toEqual([]);
    expect((await delivery).status).toBe(202);

    const run = await eventually(() => db().run.findFirst({ where: { workflowId: copy.id } }), 15_000, "the delivery's run");
    await eventually(async () => (await runJobState(run.id)) === "completed", 30_000, "the run's job to complete");
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
    await eventually(async () => (await runJobState(parked.id)) === "completed", 30_000, "the parked run's wake-up job to complete");
    const resumed = await db().run.findUniqueOrThrow({ where: { id: parked.id }, include: { steps: { orderBy: { number: "asc" } } } });
    expect(resumed).toMatchObject({ status: "stopped", error: PUSH_STOP_REASON });
    expect(resumed.steps.map((s) => `${s.number}:${s.kind}:${s.status}`)).toEqual(["1:webhook:succeeded", "2:http:skipped"]);
    expect(otherHost.requests).toEqual([]);

    // Once the client has reviewed the new version and gone Live, deliveries run again.
    expect((await t.adminA.post(`/api/v1/workflows/${copy.id}/review/confirm`)).status).toBe(200);
    const again = await t.adminA.post(`/api/v1/workflows/${copy.id}/live`);
    expect(again.status).toBe(200);
    expect((await fetch(again.body.webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(202);
    await eventually(() => db().run.findFirst({ where: { workflowId: copy.id, status: "succeeded" } }), 30_000, "the reviewed run to succeed");
    expect(otherHost.requests).toHaveLength(1);
  });
});
