// The migration that turns a saved six-field cron (seconds first, refused since pg-boss
// schedules by the minute) into the five-field one it actually ran on: run against rows of
// this file's database, which holds every migration already: inside a transaction that gives
// Workflow.steps back the type those migrations found (jsonb; json since
// 20261124100000_json_key_order, with generated columns since 20261124110000) and is rolled
// back at the end. Reads and writes name their columns: the generated ones are gone meanwhile.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

// The first of the two migrations split on spaces only; the second covers any whitespace. Run in
// order, as a database gets them.
const migrations = ["20261122160000_cron_five_fields", "20261123130000_cron_six_fields_any_whitespace"].map((m) =>
  readFileSync(path.resolve(import.meta.dirname, `../../prisma/migrations/${m}/migration.sql`), "utf8"),
);

describe("migrations 20261122160000_cron_five_fields and 20261123130000_cron_six_fields_any_whitespace", () => {
  it("drops the seconds field of a six-field cron and leaves everything else as it was", () =>
    db().$transaction(async (tx) => {
      // As those migrations found it: steps jsonb, and none of the columns generated from it since
      // (20261124110000_workflow_trigger_columns, 20261204090000_workflow_step_count), which would
      // forbid the change of type.
      await tx.$executeRawUnsafe(
        `ALTER TABLE "Workflow" DROP COLUMN "triggerStepId", DROP COLUMN "triggerKind", DROP COLUMN "triggerSecretEncrypted", DROP COLUMN "triggerSignatureHeader", DROP COLUMN "stepCount"`,
      );
      await tx.$executeRawUnsafe(`ALTER TABLE "Workflow" ALTER COLUMN "steps" SET DATA TYPE jsonb USING "steps"::jsonb`);
      await check(tx);
      throw rollBack;
    }, { timeout: 60_000 }).catch((e) => {
      if (e !== rollBack) throw e;
    }));
});

const rollBack = new Error("roll back");
const SELECTED = { id: true, version: true, steps: true } as const;

async function check(tx: Prisma.TransactionClient) {
  const ws = await tx.workspace.create({ data: { name: "cron migration", kind: "provider" } });
  const make = (cron: unknown, kind = "scheduler") =>
    tx.workflow.create({
      select: SELECTED,
      data: { workspaceId: ws.id, name: "w", mode: "live", steps: [{ id: "t", kind, name: "T", config: { cron, timezone: "UTC" } }, { id: "c", kind: "code", name: "C", config: { code: "return 1" } }] as unknown as Prisma.InputJsonValue },
    });
  const six = await make("*/5 * * * * *");
  const sixAtTwo = await make("  0 0 2 * * 1-5 ");
  // Tabs and line breaks around and between fields are whitespace like spaces (cron-parser reads
  // them so); the fields kept are joined by one space.
  const sixTabbed = await make("\n\t0\t30\t2 * * 1-5\r\n");
  const five = await make("0 2 * * *");
  const webhook = await make("0 * * * * *", "webhook");
  for (const sql of migrations) await tx.$executeRawUnsafe(sql);
  const after = async (id: string) => tx.workflow.findUniqueOrThrow({ where: { id }, select: SELECTED });
  const cron = async (id: string) => ((await after(id)).steps as { config: { cron: string } }[])[0].config.cron;
  expect(await cron(six.id)).toBe("* * * * *");
  expect(await cron(sixAtTwo.id)).toBe("0 2 * * 1-5");
  expect(await cron(sixTabbed.id)).toBe("30 2 * * 1-5");
  expect((await after(six.id)).version).toBe(six.version + 1);
  expect((await after(six.id)).steps).toMatchObject([{ id: "t", config: { timezone: "UTC" } }, { id: "c", config: { code: "return 1" } }]);
  expect(await after(five.id)).toMatchObject({ version: five.version, steps: five.steps });
  expect(await after(webhook.id)).toMatchObject({ version: webhook.version, steps: webhook.steps });
}
