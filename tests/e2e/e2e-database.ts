// Direct access to the e2e launcher's embedded PostgreSQL (playwright.config.ts: DATA_DIR
// .data/e2e, database "app"), for users a spec needs before it can sign in: a client admin, or the
// owner of a provider of its own (so what the spec adds stays out of the seeded provider's view);
// and for what only time brings: a retention pass over an old run, a busy workflow's runs.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { hashPassword } from "../../lib/auth/password";
import { CLEAR_RUN_PAYLOADS, CLEAR_STEP_OUTPUTS } from "../../lib/retention/retention-sql";

const dataDir = process.env.E2E_DATA_DIR || ".data/e2e";

async function withClient<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const password = readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  const port = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[3]);
  const c = new pg.Client({ connectionString: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/app` });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A user with the owner role in the named client workspace only (a client admin). */
export async function createClientAdmin(workspaceName: string, email: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await withClient(async (c) => {
    const { rows } = await c.query(`SELECT id FROM "Workspace" WHERE name = $1 AND kind = 'client'`, [workspaceName]);
    if (rows.length !== 1) throw new Error(`expected one client workspace named ${workspaceName}`);
    const user = await c.query(`INSERT INTO "User" (email, name, "passwordHash") VALUES ($1, 'Client Admin', $2) RETURNING id`, [email, hash]);
    await c.query(`INSERT INTO "Membership" ("userId", "workspaceId", role) VALUES ($1, $2, 'owner')`, [user.rows[0].id, rows[0].id]);
  });
}

/** A new provider workspace with the given name, and its owner. */
export async function createProviderOwner(workspaceName: string, email: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await withClient(async (c) => {
    const ws = await c.query(`INSERT INTO "Workspace" (name, kind) VALUES ($1, 'provider') RETURNING id`, [workspaceName]);
    const user = await c.query(`INSERT INTO "User" (email, name, "passwordHash") VALUES ($1, 'Provider Owner', $2) RETURNING id`, [email, hash]);
    await c.query(`INSERT INTO "Membership" ("userId", "workspaceId", role) VALUES ($1, $2, 'owner')`, [user.rows[0].id, ws.rows[0].id]);
  });
}

/** Records the account as made in the named workspace (by one of its owners), as adding it there would. */
export async function markAccountMadeIn(email: string, workspaceName: string): Promise<void> {
  await withClient(async (c) => {
    const { rowCount } = await c.query(`UPDATE "User" SET "createdInWorkspaceId" = (SELECT id FROM "Workspace" WHERE name = $2) WHERE email = $1`, [email, workspaceName]);
    if (rowCount !== 1) throw new Error(`expected one account ${email}`);
  });
}

/** A new user with `role` in the named workspace (e.g. a viewer of a provider a spec made), called `name`. */
export async function createMember(workspaceName: string, email: string, password: string, role: "owner" | "editor" | "viewer", name = "Member"): Promise<void> {
  const hash = await hashPassword(password);
  await withClient(async (c) => {
    const { rows } = await c.query(`SELECT id FROM "Workspace" WHERE name = $1`, [workspaceName]);
    if (rows.length !== 1) throw new Error(`expected one workspace named ${workspaceName}`);
    const user = await c.query(`INSERT INTO "User" (email, name, "passwordHash") VALUES ($1, $2, $3) RETURNING id`, [email, name, hash]);
    await c.query(`INSERT INTO "Membership" ("userId", "workspaceId", role) VALUES ($1, $2, $3)`, [user.rows[0].id, rows[0].id, role]);
  });
}

/** A retention pass over the run's workflow with RETENTION_STEP_OUTPUT_DAYS 14, after the run is
 *  backdated 20 days: the retention job's own statements (lib/retention/retention-sql.ts), so the
 *  run ends up as a real pass leaves it (trigger and outputs null, logs empty, outputsClearedAt). */
export async function clearRunByRetention(runId: string): Promise<void> {
  await withClient(async (c) => {
    const { rows } = await c.query(`UPDATE "Run" SET "createdAt" = now() - interval '20 days' WHERE id = $1 RETURNING "workflowId"`, [runId]);
    if (rows.length !== 1) throw new Error(`expected one run ${runId}`);
    const before = new Date(Date.now() - 14 * 24 * 3600_000).toISOString();
    await c.query(CLEAR_STEP_OUTPUTS, [rows[0].workflowId, before, 1000]);
    await c.query(CLEAR_RUN_PAYLOADS, [rows[0].workflowId, before, new Date().toISOString(), 1000]);
  });
}

/** `count` finished runs of a workflow, one a second apart ending a minute ago (what a busy
 *  workflow's deliveries leave), for lists that page; returns nothing, the page shows them. */
export async function addFinishedRuns(workflowId: string, count: number, endingMinutesAgo = 1): Promise<void> {
  await withClient((c) =>
    c.query(
      `INSERT INTO "Run" ("workflowId", "workspaceId", status, "createdAt", "startedAt", "finishedAt")
       SELECT w.id, w."workspaceId", 'succeeded', t, t, t + interval '1 second'
         FROM "Workflow" w, generate_series(1, $2::int) i, LATERAL (SELECT now() - make_interval(mins => $3, secs => i) AS t) x
        WHERE w.id = $1`,
      [workflowId, count, endingMinutesAgo],
    ),
  );
}

/** The workflow's latest save, as if made `minutes` ago (what the conflict banner says of it). */
export async function ageLatestSave(workflowId: string, minutes: number): Promise<void> {
  await withClient(async (c) => {
    const { rowCount } = await c.query(`UPDATE "Workflow" SET "savedAt" = "savedAt" - make_interval(mins => $2) WHERE id = $1 AND "savedAt" IS NOT NULL`, [workflowId, minutes]);
    if (rowCount !== 1) throw new Error(`expected workflow ${workflowId} with a recorded save`);
  });
}

/** The blueprint version the workflow's install recorded, set to `version`: a workflow installed
 *  before the blueprint's newest version existed (what only time brings; no fake blueprint). */
export async function setInstalledBlueprintVersion(workflowId: string, version: number): Promise<void> {
  await withClient(async (c) => {
    const { rowCount } = await c.query(`UPDATE "Workflow" SET "blueprintVersion" = $2 WHERE id = $1 AND "blueprintSlug" IS NOT NULL`, [workflowId, version]);
    if (rowCount !== 1) throw new Error(`expected workflow ${workflowId} installed from a blueprint`);
  });
}

/** The run as if it had started two nights ago at 02:13:07 in `zone` and ended a second later: a
 *  run from an hour of the night, read days later. Gives that day as a reader in `zone` sees it
 *  in en-US ("Nov 23"). */
export async function setRunStartedTwoNightsAgo(runId: string, zone: string): Promise<string> {
  const day = new Date(Date.now() - 2 * 24 * 3600_000);
  const ymd = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(day);
  const offset = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(day).find((p) => p.type === "timeZoneName")!.value.replace("GMT", "");
  const at = new Date(`${ymd}T02:13:07${offset || "Z"}`).toISOString();
  await withClient(async (c) => {
    const { rowCount } = await c.query(`UPDATE "Run" SET "createdAt" = t, "startedAt" = t, "finishedAt" = t + interval '1 second' FROM (SELECT $2::timestamptz AT TIME ZONE 'UTC' AS t) x WHERE id = $1`, [runId, at]);
    if (rowCount !== 1) throw new Error(`expected one run ${runId}`);
  });
  return new Date(at).toLocaleDateString("en-US", { timeZone: zone, month: "short", day: "numeric" });
}
