// The migration that turns a saved six-field cron (seconds first, refused since pg-boss
// schedules by the minute) into the five-field one it actually ran on: run against rows of
// this file's database, which holds every migration already.
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
  it("drops the seconds field of a six-field cron and leaves everything else as it was", async () => {
    const ws = await db().workspace.create({ data: { name: "cron migration", kind: "provider" } });
    const make = (cron: unknown, kind = "scheduler") =>
      db().workflow.create({
        data: { workspaceId: ws.id, name: "w", mode: "live", steps: [{ id: "t", kind, name: "T", config: { cron, timezone: "UTC" } }, { id: "c", kind: "code", name: "C", config: { code: "return 1" } }] as unknown as Prisma.InputJsonValue },
      });
    const six = await make("*/5 * * * * *");
    const sixAtTwo = await make("  0 0 2 * * 1-5 ");
    // Tabs and line breaks around and between fields are whitespace like spaces (cron-parser reads
    // them so); the fields kept are joined by one space.
    const sixTabbed = await make("\n\t0\t30\t2 * * 1-5\r\n");
    const five = await make("0 2 * * *");
    const webhook = await make("0 * * * * *", "webhook");
    for (const sql of migrations) await db().$executeRawUnsafe(sql);
    const after = async (id: string) => db().workflow.findUniqueOrThrow({ where: { id } });
    const cron = async (id: string) => ((await after(id)).steps as { config: { cron: string } }[])[0].config.cron;
    expect(await cron(six.id)).toBe("* * * * *");
    expect(await cron(sixAtTwo.id)).toBe("0 2 * * 1-5");
    expect(await cron(sixTabbed.id)).toBe("30 2 * * 1-5");
    expect((await after(six.id)).version).toBe(six.version + 1);
    expect((await after(six.id)).steps).toMatchObject([{ id: "t", config: { timezone: "UTC" } }, { id: "c", config: { code: "return 1" } }]);
    expect(await after(five.id)).toMatchObject({ version: five.version, steps: five.steps });
    expect(await after(webhook.id)).toMatchObject({ version: webhook.version, steps: webhook.steps });
  });
});
