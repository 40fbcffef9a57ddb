// The workflows list (the landing page) shows each workflow's last run. Retention keeps up to
// 10,000 runs per workflow, so a workspace with a few busy workflows holds tens of thousands: the
// list must read one run per workflow, not every run of the workspace (a DISTINCT ON over
// "workflowId" = ANY(…) read and sorted them all), and still pick the right one.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { databaseUrl } from "@/lib/env";
import { LAST_RUNS_SQL, listWorkflows } from "@/lib/workflows/list-workflows";
import { createUser } from "../helpers/api-fixtures";

const RUNS_EACH = 3_000;
let client: pg.Client;
let workspaceId: string;
let userId: string;
let busy: string[];
let idle: string;

beforeAll(async () => {
  client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  const ws = await db().workspace.create({ data: { name: "Busy MSP", kind: "provider" } });
  workspaceId = ws.id;
  userId = (await createUser([{ workspaceId, role: "viewer" }])).id;
  const hook = [{ id: "hook", kind: "webhook", name: "Hook", config: {} }];
  busy = [];
  for (const name of ["EDR alerts", "RMM alerts", "PSA sync"]) busy.push((await db().workflow.create({ data: { workspaceId, name, steps: hook } })).id);
  idle = (await db().workflow.create({ data: { workspaceId, name: "Never ran", steps: hook } })).id;
  // Each busy workflow: RUNS_EACH runs a second apart, the newest one failed.
  await client.query(
    `INSERT INTO "Run" ("workflowId", "workspaceId", status, "createdAt")
     SELECT w, $2, CASE WHEN i = $3 THEN 'failed' ELSE 'succeeded' END::"RunStatus", now() - make_interval(secs => $3 - i)
       FROM unnest($1::text[]) AS w, generate_series(1, $3::int) AS i`,
    [busy, workspaceId, RUNS_EACH],
  );
  await client.query(`ANALYZE "Run"`);
});
afterAll(async () => {
  await db().workspace.delete({ where: { id: workspaceId } }).catch(() => {});
  await client?.end();
});

/** Rows read from "Run" by every node of the plan (actual rows × loops). */
function runRowsRead(plan: Record<string, unknown>): number {
  const own = plan["Relation Name"] === "Run" ? Number(plan["Actual Rows"]) * Number(plan["Actual Loops"]) : 0;
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return own + children.reduce((sum, p) => sum + runRowsRead(p), 0);
}

describe("the workflows list's last runs", () => {
  it("read about one run per workflow, however many runs the workspace has", async () => {
    const ids = [...busy, idle];
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${LAST_RUNS_SQL}`, [ids]);
    const read = runRowsRead(rows[0]["QUERY PLAN"][0].Plan);
    // 3 × 3,000 runs in the workspace; a handful read (the index walk stops at the first).
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThanOrEqual(ids.length * 2);
  });

  it("are each workflow's newest run, and none for a workflow that never ran", async () => {
    const { workflows } = await listWorkflows({ workspaceId, userId });
    const newest = await client.query<{ workflowId: string; id: string }>(
      `SELECT DISTINCT ON ("workflowId") "workflowId", id FROM "Run" WHERE "workflowId" = ANY($1::text[]) ORDER BY "workflowId", "createdAt" DESC, id DESC`,
      [busy],
    );
    const expected = new Map(newest.rows.map((r) => [r.workflowId, r.id]));
    for (const id of busy) expect(workflows.find((w) => w.id === id)?.lastRun).toMatchObject({ id: expected.get(id), status: "failed", test: false });
    expect(workflows.find((w) => w.id === idle)?.lastRun).toBeNull();
  });
});

describe("the workflows list's step count and trigger", () => {
  it("follow each save of the definition, which the list itself does not read", async () => {
    const three = [
      { id: "s1", kind: "scheduler", name: "Every hour", config: { cron: "0 * * * *" } },
      { id: "s2", kind: "transform", name: "Shape", config: { fields: [] } },
      { id: "s3", kind: "code", name: "Code", config: { code: "return 1" } },
    ];
    const wf = await db().workflow.create({ data: { workspaceId, name: "Counted", steps: three } });
    const listed = async () => (await listWorkflows({ workspaceId, userId })).workflows.find((w) => w.id === wf.id);
    expect(await listed()).toMatchObject({ stepCount: 3, triggerKind: "scheduler" });
    await db().workflow.update({ where: { id: wf.id }, data: { steps: three.slice(1) } });
    // A definition whose first step is no trigger has none.
    expect(await listed()).toMatchObject({ stepCount: 2, triggerKind: null });
    await db().workflow.update({ where: { id: wf.id }, data: { steps: [] } });
    expect(await listed()).toMatchObject({ stepCount: 0, triggerKind: null });
  });
});
