// The migration that gives Live Scheduler workflows their scheduledThrough on upgrade, against
// the shape the previous version left: one pg-boss schedule per Live workflow (queue
// scheduler-fire, key = workflow id), re-created whenever the workflow went Live. The backfill
// is the later of the workflow's last scheduled run and that schedule's time, so nothing from
// before the schedule took effect runs (a workflow Draft then Live again got the Draft minutes'
// runs; a daily 09:00 made Live at 18:26 got the morning's run 9.5 h late). Inside a transaction
// rolled back at the end.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { ensureQueues } from "@/lib/jobs/boss";

const migration = readFileSync(path.resolve(import.meta.dirname, "../../prisma/migrations/20261127090000_workflow_scheduled_through/migration.sql"), "utf8");
const rollBack = new Error("roll back");
const steps = (cron: string) => [{ id: "t", kind: "scheduler", name: "T", config: { cron, timezone: "UTC" } }] as unknown as Prisma.InputJsonValue;

beforeAll(() => ensureQueues()); // pg-boss's schema and the scheduler-fire queue the old rows reference

async function inRolledBack(body: (tx: Prisma.TransactionClient) => Promise<void>) {
  await db()
    .$transaction(async (tx) => {
      await body(tx);
      throw rollBack;
    }, { timeout: 60_000 })
    .catch((e) => {
      if (e !== rollBack) throw e;
    });
}

async function oldShape(tx: Prisma.TransactionClient, o: { lastRun?: string; scheduleSince?: string; mode?: "live" | "draft" }) {
  const { id: workspaceId } = await tx.workspace.create({ data: { name: "scheduler upgrade", kind: "provider" }, select: { id: true } });
  const wf = await tx.workflow.create({ data: { workspaceId, name: "old", mode: o.mode ?? "live", steps: steps("0 9 * * *") }, select: { id: true } });
  if (o.lastRun) await tx.run.create({ data: { workflowId: wf.id, workspaceId, status: "succeeded", scheduledFor: new Date(o.lastRun), trigger: {} }, select: { id: true } });
  if (o.scheduleSince) {
    await tx.$executeRaw`INSERT INTO pgboss.schedule (name, key, cron, timezone, data, options, created_on, updated_on)
      VALUES ('scheduler-fire', ${wf.id}, '0 9 * * *', 'UTC', ${JSON.stringify({ workflowId: wf.id })}::jsonb, '{}'::jsonb, ${o.scheduleSince}::timestamptz, ${o.scheduleSince}::timestamptz)`;
  }
  return wf.id;
}

const through = async (tx: Prisma.TransactionClient, id: string) =>
  (await tx.$queryRaw<{ s: Date | null }[]>`SELECT "scheduledThrough" AS s FROM "Workflow" WHERE id = ${id}`)[0].s?.toISOString() ?? null;


describe("migration 20261127090000_workflow_scheduled_through", () => {
  it("carries on from the later of the last scheduled run and when the old pg-boss schedule took effect", () =>
    inRolledBack(async (tx) => {
      await tx.$executeRawUnsafe(`ALTER TABLE "Workflow" DROP COLUMN "scheduledThrough"`);
      // Made Live at 18:26 with a run from the day before: the 09:00 of today is not owed.
      const relive = await oldShape(tx, { lastRun: "2026-11-22T09:00:00Z", scheduleSince: "2026-11-23T18:26:00Z" });
      // A schedule older than its last run: the run.
      const running = await oldShape(tx, { lastRun: "2026-11-23T09:00:00Z", scheduleSince: "2026-11-01T10:00:00Z" });
      // Made Live at 18:30 and never fired yet: from then, not from the upgrade.
      const fresh = await oldShape(tx, { scheduleSince: "2026-11-23T18:30:00Z" });
      // Neither: from the upgrade. Draft: none.
      const bare = await oldShape(tx, {});
      const draft = await oldShape(tx, { mode: "draft", lastRun: "2026-11-22T09:00:00Z" });
      const before = Date.now();
      await tx.$executeRawUnsafe(migration);
      expect(await through(tx, relive)).toBe("2026-11-23T18:26:00.000Z");
      expect(await through(tx, running)).toBe("2026-11-23T09:00:00.000Z");
      expect(await through(tx, fresh)).toBe("2026-11-23T18:30:00.000Z");
      expect(new Date((await through(tx, bare))!).getTime()).toBeGreaterThanOrEqual(before - 5_000);
      expect(await through(tx, draft)).toBeNull();
    }));

  it("applies on a database without pg-boss's schema yet (a fresh install)", () =>
    inRolledBack(async (tx) => {
      await tx.$executeRawUnsafe(`ALTER TABLE "Workflow" DROP COLUMN "scheduledThrough"`);
      await tx.$executeRawUnsafe(`ALTER TABLE pgboss.schedule RENAME TO schedule_hidden`);
      const last = await oldShape(tx, { lastRun: "2026-11-22T09:00:00Z" });
      await tx.$executeRawUnsafe(migration);
      expect(await through(tx, last)).toBe("2026-11-22T09:00:00.000Z");
    }));
});
