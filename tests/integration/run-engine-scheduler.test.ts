// Scheduler trigger, in real time: going Live starts the schedule, each occurrence creates
// exactly one run across two workers (one per-minute check, a pg-boss schedule, for all of
// them), and going back to Draft stops it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
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
    await eventually(async () => ((await boss.getSchedules(QUEUES.schedulerTick.name)).length === 1 ? true : null), 10_000, "the per-minute check's schedule");

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
      expect(Date.parse(f.firedAt) - Date.parse(f.scheduledFor)).toBeLessThan(10_000);
    }
    const first = await finishedRun(runs[0].id);
    expect(first.status).toBe("succeeded");
    expect(first.steps.map((s) => s.output)).toEqual([firings[0], { when: firings[0].scheduledFor }]);

    await setWorkflowMode({ workflowId: wf.workflowId, userId: user.id, mode: "draft" });
    const made = await db().run.count({ where: { workflowId: wf.workflowId } });
    const { fireDueSchedules } = await import("@/lib/triggers/fire-due-schedules");
    expect(await fireDueSchedules({ boss, workflowIds: [wf.workflowId], now: new Date(Date.now() + 120_000) })).toEqual([]);
    expect(await db().run.count({ where: { workflowId: wf.workflowId } })).toBe(made);
  }, 180_000);
});
