// The worker's Scheduler check (fireDueSchedules) against a real database, driven with fixed
// clocks: a due occurrence makes exactly one run, however many passes or workers look; a firing
// that is not a preview occurrence (the second 01:30 of a fall-back night) makes none; a time
// the spring-forward jump skips runs just after it; a workflow no longer Live makes none; a cron
// changed on a Live workflow never makes a run for a minute the new cron did not cover.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { fireDueSchedules } from "@/lib/triggers/fire-due-schedules";
import { updateWorkflow } from "@/lib/workflows/update-workflow";
import { createUser } from "../helpers/api-fixtures";
import { createWorkflow, stopTestBoss, testBoss } from "./run-engine-fixtures";

afterAll(() => stopTestBoss());

const steps = (cron: string, timezone = "UTC") => [
  { kind: "scheduler" as const, config: { cron, timezone } },
  { kind: "transform" as const, config: { fields: [{ name: "when", expression: "{{ 1.scheduledFor }}" }] } },
];
const t = (s: string) => new Date(s);

async function liveSince(cron: string, since: string, timezone = "UTC") {
  const wf = await createWorkflow(steps(cron, timezone));
  await db().$executeRaw`UPDATE "Workflow" SET "scheduledThrough" = ${since}::timestamptz AT TIME ZONE 'UTC' WHERE id = ${wf.workflowId}`;
  return wf;
}
async function runsOf(workflowId: string) {
  const runs = await db().run.findMany({ where: { workflowId }, orderBy: { scheduledFor: "asc" } });
  return runs.map((r) => ({ scheduledFor: r.scheduledFor?.toISOString(), trigger: r.trigger }));
}
const check = async (workflowId: string, now: string) => (await fireDueSchedules({ boss: await testBoss(), workflowIds: [workflowId], now: t(now) })).length;

describe("the Scheduler's per-minute check", () => {
  it("makes one run for a due occurrence, with its run-execute job, however many passes look", async () => {
    const wf = await liveSince("0 2 1 * *", "2026-11-30T12:00:00Z");
    const counts = await Promise.all([check(wf.workflowId, "2026-12-01T02:00:04Z"), check(wf.workflowId, "2026-12-01T02:00:04Z")]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await check(wf.workflowId, "2026-12-01T02:01:04Z")).toBe(0);
    const runs = await runsOf(wf.workflowId);
    expect(runs).toEqual([{ scheduledFor: "2026-12-01T02:00:00.000Z", trigger: { scheduledFor: "2026-12-01T02:00:00.000Z", firedAt: "2026-12-01T02:00:04.000Z" } }]);
    const ids = (await db().run.findMany({ where: { workflowId: wf.workflowId } })).map((r) => r.id);
    const jobs = await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'run-execute' AND data->>'runId' = ANY(${ids})`;
    expect(Number(jobs[0].n)).toBe(1);
  });

  it("fall back: 01:30 New York runs at 05:30Z only, not again at 06:30Z", async () => {
    const wf = await liveSince("30 1 * * *", "2027-11-07T04:00:00Z", "America/New_York");
    expect(await check(wf.workflowId, "2027-11-07T05:30:03Z")).toBe(1);
    expect(await check(wf.workflowId, "2027-11-07T06:30:03Z")).toBe(0);
    expect((await runsOf(wf.workflowId)).map((r) => r.scheduledFor)).toEqual(["2027-11-07T05:30:00.000Z"]);
  });

  it("spring forward: 02:30 New York, a time that day skips, runs at 03:30 EDT (07:30Z)", async () => {
    const wf = await liveSince("30 2 * * *", "2027-03-14T05:00:00Z", "America/New_York");
    expect(await check(wf.workflowId, "2027-03-14T07:29:30Z")).toBe(0);
    expect(await check(wf.workflowId, "2027-03-14T07:30:02Z")).toBe(1);
    expect((await runsOf(wf.workflowId)).map((r) => r.scheduledFor)).toEqual(["2027-03-14T07:30:00.000Z"]);
  });

  it("a workflow set to Draft before the check makes no run", async () => {
    const wf = await liveSince("* * * * *", "2026-12-01T10:00:30Z");
    await db().workflow.update({ where: { id: wf.workflowId }, data: { mode: "draft" } });
    expect(await check(wf.workflowId, "2026-12-01T10:01:02Z")).toBe(0);
  });

  it("a cron changed on a Live workflow runs the new cron from the save on, never a minute it did not cover", async () => {
    const wf = await createWorkflow(steps("0 * * * *"));
    const user = await createUser([{ workspaceId: wf.workspaceId, role: "editor" }]);
    await db().$executeRaw`UPDATE "Workflow" SET "scheduledThrough" = now() AT TIME ZONE 'UTC' - interval '30 seconds' WHERE id = ${wf.workflowId}`;
    // Saved now with an every-minute cron: the minute that began before the save is not run.
    const savedAt = Date.now();
    await updateWorkflow({ workflowId: wf.workflowId, userId: user.id, input: { name: "engine test", steps: steps("* * * * *").map((s, i) => ({ ...s, id: wf.steps[i].id, name: wf.steps[i].name })) } });
    const stored = await db().$queryRaw<{ through: Date }[]>`SELECT "scheduledThrough" AS through FROM "Workflow" WHERE id = ${wf.workflowId}`;
    expect(Math.abs(stored[0].through.getTime() - savedAt)).toBeLessThan(5_000);
    const nextMinute = Math.floor(stored[0].through.getTime() / 60_000) * 60_000 + 60_000;
    expect(await check(wf.workflowId, new Date(nextMinute - 1).toISOString())).toBe(0);
    expect(await check(wf.workflowId, new Date(nextMinute + 1_000).toISOString())).toBe(1);
    expect((await runsOf(wf.workflowId)).map((r) => r.scheduledFor)).toEqual([new Date(nextMinute).toISOString()]);
  });

  it("after downtime runs the latest occurrence due, not every one missed", async () => {
    const wf = await liveSince("0 * * * *", "2026-12-01T00:00:00Z");
    expect(await check(wf.workflowId, "2026-12-01T03:00:10Z")).toBe(1);
    expect((await runsOf(wf.workflowId)).map((r) => r.scheduledFor)).toEqual(["2026-12-01T03:00:00.000Z"]);
  });

  it("after a week down across Lord Howe's spring-forward, a yearly schedule runs its missed occurrence, and later checks carry on", async () => {
    // Made no run here, nor at any later check: the lookback threw (cron-parser's zone walk).
    const wf = await liveSince("0 2 3 10 *", "2027-09-01T00:00:00Z", "Australia/Lord_Howe");
    expect(await check(wf.workflowId, "2027-10-10T00:00:05Z")).toBe(1);
    expect(await check(wf.workflowId, "2027-10-10T00:01:05Z")).toBe(0);
    expect((await runsOf(wf.workflowId)).map((r) => r.scheduledFor)).toEqual(["2027-10-02T15:30:00.000Z"]);
  });
});
