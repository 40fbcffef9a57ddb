// Each Scheduler firing job makes the run of ITS occurrence, now that runs are unique per
// (workflow, scheduledFor). The occurrence used to be read from when a worker ran the job, so a
// job retried or run late took the next occurrence's key and that occurrence's own job became a
// "duplicate": (a) an every-minute 02:00 job retried at 02:01:17 took 02:01 and 02:00 never ran;
// (b) after downtime the 02:00 catch-up and the 03:00 due job, both queued at 03:00:10, both read
// 03:00 and the catch-up was lost. The hh:mm:54 go-live double firing stays one run. Driven
// directly (no waiting for real minutes).
import type { PgBoss } from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createSchedulerFireHandler } from "@/lib/triggers/create-scheduler-fire-handler";
import { fireScheduledRun } from "@/lib/triggers/fire-scheduled-run";
import { createWorkflow, stopTestBoss, testBoss } from "./run-engine-fixtures";

afterAll(() => stopTestBoss());

const scheduler = (cron: string) => [
  { kind: "scheduler" as const, config: { cron, timezone: "UTC" } },
  { kind: "transform" as const, config: { fields: [{ name: "when", expression: "{{ 1.scheduledFor }}" }] } },
];
const at = (t: string) => new Date(`2026-12-01T${t}Z`);
const LONG_AGO = new Date("2026-11-01T00:00:00Z");

async function occurrences(workflowId: string) {
  const runs = await db().run.findMany({ where: { workflowId }, orderBy: { scheduledFor: "asc" } });
  return runs.map((r) => ({ id: r.id, scheduledFor: r.scheduledFor?.toISOString(), trigger: r.trigger }));
}

describe("a Scheduler firing job", () => {
  it("retried after the next minute began still makes its own minute's run (a)", async () => {
    const boss = await testBoss();
    const wf = await createWorkflow(scheduler("* * * * *"));
    const job0200 = { boss, jobId: crypto.randomUUID(), workflowId: wf.workflowId, notBefore: LONG_AGO, queuedAt: at("02:00:02") };
    const job0201 = { boss, jobId: crypto.randomUUID(), workflowId: wf.workflowId, notBefore: LONG_AGO, queuedAt: at("02:01:02") };
    // The 02:00 job's first attempt failed; the 02:01 job runs, then the 02:00 retry ~75 s later.
    expect(await fireScheduledRun({ ...job0201, firedAt: at("02:01:03") })).toEqual({ outcome: "created", runId: job0201.jobId });
    expect(await fireScheduledRun({ ...job0200, firedAt: at("02:01:17") })).toEqual({ outcome: "created", runId: job0200.jobId });
    expect(await occurrences(wf.workflowId)).toEqual([
      { id: job0200.jobId, scheduledFor: "2026-12-01T02:00:00.000Z", trigger: { scheduledFor: "2026-12-01T02:00:00.000Z", firedAt: "2026-12-01T02:01:17.000Z" } },
      { id: job0201.jobId, scheduledFor: "2026-12-01T02:01:00.000Z", trigger: { scheduledFor: "2026-12-01T02:01:00.000Z", firedAt: "2026-12-01T02:01:03.000Z" } },
    ]);
    // Another retry of either reports the run it made.
    expect(await fireScheduledRun({ ...job0200, firedAt: at("02:02:30") })).toEqual({ outcome: "created", runId: job0200.jobId });
    expect(await db().run.count({ where: { workflowId: wf.workflowId } })).toBe(2);
  });

  it("without its queue time, a late job that finds the next minute taken takes its own (a, fallback)", async () => {
    const boss = await testBoss();
    const wf = await createWorkflow(scheduler("* * * * *"));
    const job0201 = { boss, jobId: crypto.randomUUID(), workflowId: wf.workflowId, notBefore: LONG_AGO };
    const late0200 = { boss, jobId: crypto.randomUUID(), workflowId: wf.workflowId, notBefore: LONG_AGO };
    expect((await fireScheduledRun({ ...job0201, firedAt: at("02:01:03") })).outcome).toBe("created");
    expect((await fireScheduledRun({ ...late0200, firedAt: at("02:01:17") })).outcome).toBe("created");
    expect((await occurrences(wf.workflowId)).map((r) => [r.id, r.scheduledFor])).toEqual([
      [late0200.jobId, "2026-12-01T02:00:00.000Z"],
      [job0201.jobId, "2026-12-01T02:01:00.000Z"],
    ]);
  });

  it("after downtime: the catch-up and the due job queued together make both occurrences (b)", async () => {
    const boss = await testBoss();
    const wf = await createWorkflow(scheduler("0 * * * *"));
    // Workers back at 03:00:10: pg-boss queues the 02:00 catch-up and the due 03:00 job at once.
    const catchUp = { boss, jobId: crypto.randomUUID(), workflowId: wf.workflowId, notBefore: LONG_AGO, queuedAt: at("03:00:10"), firedAt: at("03:00:11") };
    const due = { boss, jobId: crypto.randomUUID(), workflowId: wf.workflowId, notBefore: LONG_AGO, queuedAt: at("03:00:10"), firedAt: at("03:00:11") };
    const results = await Promise.all([fireScheduledRun(catchUp), fireScheduledRun(due)]);
    expect(results.map((r) => r.outcome)).toEqual(["created", "created"]);
    expect((await occurrences(wf.workflowId)).map((r) => r.scheduledFor)).toEqual(["2026-12-01T02:00:00.000Z", "2026-12-01T03:00:00.000Z"]);
    const jobs = await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'run-execute' AND data->>'runId' = ANY(${[catchUp.jobId, due.jobId]})`;
    expect(Number(jobs[0].n)).toBe(2);
    // A third firing for 03:00 (another worker) finds 03:00 and 02:00 taken: no run.
    expect((await fireScheduledRun({ ...due, jobId: crypto.randomUUID() })).outcome).toBe("duplicate");
  });

  it("made Live at hh:mm:54: the catch-up and the due job for the next minute still make one run", async () => {
    const boss = await testBoss();
    const wf = await createWorkflow(scheduler("* * * * *"));
    const notBefore = at("10:41:54");
    const catchUp = { boss, jobId: crypto.randomUUID(), workflowId: wf.workflowId, notBefore, queuedAt: at("10:42:00.500"), firedAt: at("10:42:01") };
    const due = { boss, jobId: crypto.randomUUID(), workflowId: wf.workflowId, notBefore, queuedAt: at("10:42:00.600"), firedAt: at("10:42:03") };
    const [a, b] = await Promise.all([fireScheduledRun(catchUp), fireScheduledRun(due)]);
    expect([a.outcome, b.outcome].sort()).toEqual(["created", "duplicate"]);
    expect((await occurrences(wf.workflowId)).map((r) => r.scheduledFor)).toEqual(["2026-12-01T10:42:00.000Z"]);
    // The 10:41 occurrence, queued before the schedule existed, starts nothing.
    expect((await fireScheduledRun({ ...due, jobId: crypto.randomUUID(), queuedAt: at("10:41:55") })).outcome).toBe("early");
  });

  it("the worker's consumer reads the occurrence from the job's createdOn", async () => {
    const boss = await testBoss();
    const wf = await createWorkflow(scheduler("0 * * * *"));
    const unscheduled: string[] = [];
    // The real boss for the run-execute job; the schedule as pg-boss would report it.
    const fake = {
      getSchedules: async () => [{ createdOn: LONG_AGO }],
      unschedule: async (_name: string, key: string) => void unscheduled.push(key),
      send: boss.send.bind(boss),
    } as unknown as PgBoss;
    const id = crypto.randomUUID();
    await createSchedulerFireHandler({ boss: fake })([{ id, name: "scheduler-fire", data: { workflowId: wf.workflowId }, createdOn: at("05:00:04") } as never]);
    expect((await occurrences(wf.workflowId)).map((r) => [r.id, r.scheduledFor])).toEqual([[id, "2026-12-01T05:00:00.000Z"]]);
    expect(unscheduled).toEqual([]);
  });
});
