// Shared set-up for the blueprint proofs: the fake MSP stack, the real web server and worker,
// a client workspace with one app connection per fake, and helpers that install a blueprint
// through the API, deliver to its webhook URL or fire its schedule, and wait for the run.
import { afterAll, beforeAll, expect } from "vitest";
import { createConnection } from "@/lib/connections/create-connection";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import type { RecordedRequest } from "@/tests/fakes/fake-server";
import { fakeConnections } from "@/tests/fakes/msp-connections";
import { startMspStack, type MspStack } from "@/tests/fakes/msp-stack";
import type { ApiClient, Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { eventually, type Service, type WebService } from "../helpers/services";
import { stopTestBoss, testBoss } from "./run-engine-fixtures";

export type BlueprintEnv = {
  stack: MspStack;
  web: WebService;
  worker: Service;
  api: ApiClient;
  workspaceId: string;
};

const FINAL = ["succeeded", "failed", "stopped"];

/** Registers beforeAll/afterAll for a test file (the server and tenancy are startTestServer's, with
 *  a worker) and returns a handle filled in by beforeAll. */
export function blueprintEnvForFile(): BlueprintEnv {
  const server = startTestServer({ worker: true });
  const env = { web: server.web, worker: server.worker, api: server.api } as BlueprintEnv;
  beforeAll(async () => {
    env.stack = await startMspStack();
    env.workspaceId = server.t.clientA1.id;
    for (const c of fakeConnections(env.stack)) await createConnection({ workspaceId: env.workspaceId, ...c });
  });
  afterAll(async () => {
    await stopTestBoss();
    await env.stack?.close();
  });
  return env;
}

/** Installs a blueprint into the client workspace through the API; every app gets its fake's account. */
export async function install(env: BlueprintEnv, slug: string, setup: Record<string, unknown>, name?: string): Promise<Json> {
  const res = await env.api.post(`/api/v1/workspaces/${env.workspaceId}/blueprints/${slug}`, { setup, ...(name ? { name } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  for (const c of res.body.blueprint.connections) expect(c.status, c.app).toBe("only_account");
  return res.body;
}

export async function goLive(env: BlueprintEnv, workflowId: string): Promise<Json> {
  const res = await env.api.post(`/api/v1/workflows/${workflowId}/live`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function runIds(env: BlueprintEnv, workflowId: string): Promise<string[]> {
  const res = await env.api.get(`/api/v1/workflows/${workflowId}/runs?limit=500`);
  return (res.body.runs as { id: string }[]).map((r) => r.id);
}

/** Waits for the run to reach a final state and returns it as GET /api/v1/runs/{id} shows it. */
export async function finalRun(env: BlueprintEnv, runId: string, timeoutMs = 30_000): Promise<Json> {
  return eventually(
    async () => {
      const res = await env.api.get(`/api/v1/runs/${runId}`);
      return FINAL.includes(res.body?.status) ? res.body : null;
    },
    timeoutMs,
    `run ${runId} to finish`,
  );
}

/** POSTs a delivery to the Live workflow's URL (202) and returns the run it created, finished. */
export async function deliver(env: BlueprintEnv, workflow: { id: string; webhookUrl: string }, payload: unknown, timeoutMs?: number): Promise<Json> {
  const before = new Set(await runIds(env, workflow.id));
  const res = await fetch(workflow.webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
  expect(res.status).toBe(202);
  expect(await res.json()).toEqual({ received: true });
  const runId = await eventually(async () => (await runIds(env, workflow.id)).find((id) => !before.has(id)), 10_000, "the delivery's run");
  return finalRun(env, runId, timeoutMs);
}

/** A check of the Live workflow's schedule (a scheduler-fire job), as after an occurrence came due. */
export async function fireSchedule(env: BlueprintEnv, workflowId: string): Promise<Json> {
  const before = new Set(await runIds(env, workflowId));
  // The worker runs only occurrences after the schedule took effect, and the last occurrence of a
  // monthly cron is weeks ago: date it back, as if it had been Live since before then (the check
  // then catches up that most recent missed occurrence).
  await db().$executeRawUnsafe(`UPDATE "Workflow" SET "scheduledThrough" = now() AT TIME ZONE 'UTC' - interval '62 days' WHERE id = $1`, workflowId);
  // One occurrence makes one run (Run.scheduledFor is unique per workflow), and every firing
  // here is for the same last occurrence: release the earlier firings' claim on it.
  await db().$executeRawUnsafe(`UPDATE "Run" SET "scheduledFor" = NULL WHERE "workflowId" = $1`, workflowId);
  const boss = await testBoss();
  await boss.send(QUEUES.schedulerFire.name, { workflowId });
  const runId = await eventually(async () => (await runIds(env, workflowId)).find((id) => !before.has(id)), 15_000, "the firing's run");
  return finalRun(env, runId);
}

/** Run now: the scheduler trigger's test action, which runs the whole workflow. */
export async function runNow(env: BlueprintEnv, workflowId: string): Promise<Json> {
  const res = await env.api.post(`/api/v1/workflows/${workflowId}/steps/1/test`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.run.scope).toBe("workflow");
  return finalRun(env, res.body.run.id);
}

/** "n:status" per step, e.g. ["1:succeeded", "2:skipped"]. */
export const stepStatuses = (run: Json): string[] => run.steps.map((s: Json) => `${s.number}:${s.status}`);
export const stepOutput = (run: Json, n: number): Json => run.steps.find((s: Json) => s.number === n)?.output;

/** Every request the fakes received since the last reset, in arrival order: "fake METHOD path". */
export function calls(stack: MspStack): string[] {
  return all(stack).map((r) => `${r.fake} ${r.method} ${r.path}`);
}
export function all(stack: MspStack): (RecordedRequest & { fake: string })[] {
  return stack.all.flatMap((f) => f.requests.map((r) => ({ ...r, fake: f.name }))).sort((a, b) => a.seq - b.seq);
}
export function resetRequests(stack: MspStack) {
  for (const f of stack.all) f.clearRequests();
  stack.openai.requests.splice(0);
}
