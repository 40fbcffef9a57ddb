// The intake's token lookup is a prepared statement with a forced generic plan
// (INTAKE_SESSION_SETTINGS), i.e. one plan per session made with the table sizes of that moment.
// Made while "WebhookEndpoint" and "Workflow" were small (a new install), it must still be an
// index lookup once they have grown: the intake's sessions live as long as traffic keeps them busy.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl } from "@/lib/env";
import { INTAKE_SESSION_SETTINGS } from "@/lib/intake/intake";
import { LOOKUP_ENDPOINTS_SQL } from "@/lib/intake/lookup-endpoints";
import { createWorkspace } from "./run-engine-fixtures";

let client: pg.Client;
let workspaceId: string;
beforeAll(async () => {
  workspaceId = await createWorkspace();
  client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  // No autoanalyze may refresh the plan behind the test's back.
  for (const t of ["WebhookEndpoint", "Workflow"]) await client.query(`ALTER TABLE "${t}" SET (autovacuum_enabled = off)`);
});
afterAll(async () => {
  for (const t of ["WebhookEndpoint", "Workflow"]) await client?.query(`ALTER TABLE "${t}" RESET (autovacuum_enabled)`);
  await client?.end();
});

/** `count` live workflows, each with its webhook URL; returns their tokens. */
const addEndpoints = async (count: number) =>
  (
    await client.query<{ token: string }>(
      `WITH w AS (
         INSERT INTO "Workflow" (id, "workspaceId", name, mode, steps, "updatedAt")
         SELECT gen_random_uuid()::text, $1, 'wf ' || i, 'live',
                jsonb_build_array(jsonb_build_object('id', 's1', 'kind', 'webhook', 'name', 'Webhook', 'config', jsonb_build_object('pad', repeat('x', 400)))), now()
           FROM generate_series(1, $2::int) i RETURNING id)
       INSERT INTO "WebhookEndpoint" ("workflowId", "stepId", token)
       SELECT id, 's1', 'tok_' || replace(gen_random_uuid()::text, '-', '') FROM w RETURNING token`,
      [workspaceId, count],
    )
  ).rows.map((r) => r.token);

// EXECUTE takes no bind parameters: the tokens as a literal.
const array = (tokens: string[]) => `ARRAY[${tokens.map((t) => client.escapeLiteral(t)).join(", ")}]::text[]`;

/** The plan a session keeps for the lookup once it was made at 3 endpoints and the tables then grew. */
async function planAfterGrowth(settings: string): Promise<string> {
  await client.query(`DEALLOCATE ALL; RESET ALL; ${settings}`);
  await client.query(`DELETE FROM "Workflow" WHERE "workspaceId" = $1`, [workspaceId]); // whatever ran before
  const few = await addEndpoints(3);
  await client.query(`ANALYZE "WebhookEndpoint"; ANALYZE "Workflow"`);
  await client.query(`PREPARE lookup(text[]) AS ${LOOKUP_ENDPOINTS_SQL}`);
  await client.query(`EXECUTE lookup(${array(few)})`);
  const many = await addEndpoints(20_000); // no ANALYZE: the statistics still describe the small tables
  const { rows } = await client.query(`EXPLAIN (COSTS OFF) EXECUTE lookup(${array(many.slice(0, 20))})`);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

describe("intake token lookup plan", () => {
  it("without the sessions' settings, the plan made at a handful of endpoints scans a whole table", async () => {
    // The hazard itself: if PostgreSQL stopped doing this, the settings could go.
    expect(await planAfterGrowth("SET plan_cache_mode = force_generic_plan")).toMatch(/Seq Scan on "(WebhookEndpoint|Workflow)"/);
  });

  it("with them, both tables are read through their indexes however small they were", async () => {
    const plan = await planAfterGrowth(INTAKE_SESSION_SETTINGS);
    // The tokens find their endpoints, and each endpoint its workflow by key (a bitmap of one
    // row or an index scan alike), rather than every workflow being walked.
    expect(plan).toMatch(/Index Scan (using|on) "WebhookEndpoint_token_key"[^\n]*\n\s+Index Cond: \(token = ANY/);
    expect(plan).toMatch(/Index Scan (using|on) "Workflow_pkey"[^\n]*\n\s+Index Cond: \(id = e\."workflowId"\)/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
