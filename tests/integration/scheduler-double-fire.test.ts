// One Scheduler occurrence makes exactly one run, even when two firing jobs arrive for it. A
// workflow made Live in the last seconds of a minute got two: pg-boss's `missed: once` catch-up
// and the due slot each sent a job for the next minute's occurrence, and the runs were keyed by
// job id only. Driven directly (no waiting for real minutes).
import { describe, expect, it, afterAll } from "vitest";
import { db } from "@/lib/db/client";
import { fireScheduledRun } from "@/lib/triggers/fire-scheduled-run";
import { createWorkflow, stopTestBoss, testBoss } from "./run-engine-fixtures";

afterAll(() => stopTestBoss());

const steps = [
  { kind: "scheduler" as const, config: { cron: "* * * * *", timezone: "UTC" } },
  { kind: "transform" as const, config: { fields: [{ name: "when", expression: "{{ 1.scheduledFor }}" }] } },
];

describe("a scheduled occurrence fired twice", () => {
  it("makes one run: the second firing job finds the occurrence taken and completes", async () => {
    const boss = await testBoss();
    const wf = await createWorkflow(steps);
    // Live at 10:41:54; the catch-up job and the due job for 10:42 are both fetched in 10:42.
    const notBefore = new Date("2026-12-01T10:41:54Z");
    const catchUp = { boss, jobId: crypto.randomUUID(), workflowId: wf.workflowId, notBefore, firedAt: new Date("2026-12-01T10:42:01Z") };
    const due = { boss, jobId: crypto.randomUUID(), workflowId: wf.workflowId, notBefore, firedAt: new Date("2026-12-01T10:42:03Z") };
    const [a, b] = await Promise.all([fireScheduledRun(catchUp), fireScheduledRun(due)]);
    expect([a.outcome, b.outcome].sort()).toEqual(["created", "duplicate"]);

    const runs = await db().run.findMany({ where: { workflowId: wf.workflowId } });
    expect(runs.map((r) => (r.trigger as { scheduledFor: string }).scheduledFor)).toEqual(["2026-12-01T10:42:00.000Z"]);
    const created = a.outcome === "created" ? a : b;
    expect(created.outcome === "created" && created.runId).toBe(runs[0].id);
    // Exactly one run-execute job was queued, for that run.
    const jobs = await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'run-execute' AND data->>'runId' = ANY(${[catchUp.jobId, due.jobId]})`;
    expect(Number(jobs[0].n)).toBe(1);

    // A retry of the job that created the run still reports it; the next minute is a new run.
    const winner = a.outcome === "created" ? catchUp : due;
    expect(await fireScheduledRun(winner)).toEqual({ outcome: "created", runId: winner.jobId });
    const next = await fireScheduledRun({ ...due, jobId: crypto.randomUUID(), firedAt: new Date("2026-12-01T10:43:02Z") });
    expect(next.outcome).toBe("created");
    expect(await db().run.count({ where: { workflowId: wf.workflowId } })).toBe(2);
  });
});
