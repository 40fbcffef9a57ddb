// Scheduler trigger: going Live registers a pg-boss schedule, each occurrence creates exactly
// one run across two workers, going back to Draft removes the schedule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import { fireScheduledRun } from "@/lib/triggers/fire-scheduled-run";
import { setWorkflowMode } from "@/lib/workflows/set-workflow-mode";
import { createUser } from "../helpers/api-fixtures";
import { eventually, startWorker, type Service } from "../helpers/services";
import { createWorkflow, finishedRun, stopTestBoss, testBoss } from "./run-engine-fixtures";

const workers: Service[] = [];
beforeAll(async () => {
  workers.push(...(await Promise.all([startWorker(), startWorker()])));
});
afterAll(async () => {
  await stopTestBoss();
  await Promise.all(workers.map((w) => w.stop()));
});

const steps = (cron: string) => [
  { kind: "scheduler" as const, config: { cron, timezone: "UTC" } },
  { kind: "transform" as const, config: { fields: [{ name: "when", expression: "{{ 1.scheduledFor }}" }] } },
];

describe("scheduler trigger", () => {
  it("fires each occurrence once across two workers and stops on Draft", async () => {
    const wf = await createWorkflow(steps("* * * * *"), { mode: "draft" });
    const user = await createUser([{ workspaceId: wf.workspaceId, role: "editor" }]);
    await setWorkflowMode({ workflowId: wf.workflowId, userId: user.id, mode: "live" });
    const boss = await testBoss();
    expect((await boss.getSchedules(QUEUES.schedulerFire.name, wf.workflowId)).map((s) => [s.cron, s.timezone])).toEqual([["* * * * *", "UTC"]]);

    // Two consecutive minutes: exactly one run each (~2 minutes of wall time at most).
    const runs = await eventually(
      async () => {
        const rows = await db().run.findMany({ where: { workflowId: wf.workflowId }, orderBy: { createdAt: "asc" } });
        return rows.length >= 2 ? rows : null;
      },
      150_000,
      "two scheduled runs",
    );
    const firings = runs.map((r) => r.trigger as { scheduledFor: string; firedAt: string });
    expect(new Set(firings.map((f) => f.scheduledFor)).size).toBe(runs.length);
    for (const f of firings) {
      expect(new Date(f.scheduledFor).getUTCSeconds()).toBe(0);
      expect(Date.parse(f.firedAt)).toBeGreaterThanOrEqual(Date.parse(f.scheduledFor));
      expect(Date.parse(f.firedAt) - Date.parse(f.scheduledFor)).toBeLessThan(30_000);
    }
    const first = await finishedRun(runs[0].id);
    expect(first.status).toBe("succeeded");
    expect(first.steps.map((s) => s.output)).toEqual([firings[0], { when: firings[0].scheduledFor }]);

    await setWorkflowMode({ workflowId: wf.workflowId, userId: user.id, mode: "draft" });
    expect(await boss.getSchedules(QUEUES.schedulerFire.name, wf.workflowId)).toEqual([]);
  }, 180_000);

  it("creates one run per firing even when the firing job is retried, none for a Draft workflow or an early occurrence", async () => {
    const boss = await testBoss();
    const live = await createWorkflow(steps("0 2 1 * *"));
    const jobId = crypto.randomUUID();
    const firedAt = new Date("2026-12-01T02:00:04Z");
    const a = await fireScheduledRun({ boss, jobId, workflowId: live.workflowId, firedAt });
    const b = await fireScheduledRun({ boss, jobId, workflowId: live.workflowId, firedAt });
    expect(a).toEqual({ outcome: "created", runId: jobId });
    expect(b).toEqual({ outcome: "created", runId: jobId });
    const runs = await db().run.findMany({ where: { workflowId: live.workflowId } });
    expect(runs.map((r) => r.trigger)).toEqual([{ scheduledFor: "2026-12-01T02:00:00.000Z", firedAt: "2026-12-01T02:00:04.000Z" }]);

    const draft = await createWorkflow(steps("0 2 1 * *"), { mode: "draft" });
    expect(await fireScheduledRun({ boss, jobId: crypto.randomUUID(), workflowId: draft.workflowId })).toEqual({ outcome: "stale" });
    // An occurrence from before the schedule was registered (pg-boss sends the last minute's) starts nothing.
    const early = await fireScheduledRun({ boss, jobId: crypto.randomUUID(), workflowId: live.workflowId, firedAt, notBefore: new Date("2026-12-01T02:00:03Z") });
    expect(early).toEqual({ outcome: "early" });
  });
});
