// Fixtures for the run-engine suites: workflows and runs inserted with Prisma, run-execute jobs
// sent with a producer pg-boss, polling helpers (never fixed sleeps), and the worker they run in.
import { randomUUID } from "node:crypto";
import { afterAll } from "vitest";
import { fromPrisma, type PgBoss } from "pg-boss";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { createBoss } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { encryptSecret } from "@/lib/secrets/crypto";
import type { Step } from "@/lib/workflows/definition";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

export type StepSpec = Omit<Step, "id" | "name"> & { id?: string; name?: string };

let boss: PgBoss | undefined;
export async function testBoss(): Promise<PgBoss> {
  if (!boss) {
    boss = createBoss("producer");
    await boss.start();
  }
  return boss;
}
export async function stopTestBoss() {
  await boss?.stop({ graceful: false });
  boss = undefined;
}

/** A run-engine file's worker (startTestServer without a web server or tenancy; `env`: more of its
 *  environment), started before its tests; after them this file's producer pg-boss is stopped, then the worker. */
export function startEngineWorker(env: Record<string, string> = {}) {
  const s = startTestServer({ tenancy: "none", web: false, worker: true, env });
  afterAll(stopTestBoss);
  return s;
}

export async function createWorkspace(values: { vars?: Record<string, string | null>; secrets?: Record<string, string | null> } = {}) {
  const ws = await db().workspace.create({ data: { name: `ws ${randomUUID().slice(0, 6)}`, kind: "provider" } });
  for (const [key, value] of Object.entries(values.vars ?? {})) await db().variable.create({ data: { workspaceId: ws.id, key, value } });
  for (const [key, value] of Object.entries(values.secrets ?? {})) {
    await db().variable.create({ data: { workspaceId: ws.id, key, secret: true, valueEncrypted: value === null ? null : encryptSecret(value) } });
  }
  return ws.id;
}

export async function createWorkflow(steps: StepSpec[], opts: { workspaceId?: string; mode?: "draft" | "live" } = {}) {
  const workspaceId = opts.workspaceId ?? (await createWorkspace());
  const full = steps.map((s, i) => ({ id: s.id ?? `s${i + 1}`, name: s.name ?? s.kind, kind: s.kind, config: s.config }));
  const wf = await db().workflow.create({ data: { workspaceId, name: "engine test", mode: opts.mode ?? "live", steps: full as unknown as Prisma.InputJsonValue } });
  return { workflowId: wf.id, workspaceId, steps: full };
}

/** Inserts a run and its run-execute job in one transaction, as the intake does. */
export async function enqueueRun(workflow: { workflowId: string; workspaceId: string }, trigger: unknown, opts: { scope?: "step" | "workflow" } = {}) {
  const b = await testBoss();
  return db().$transaction(async (tx) => {
    const run = await tx.run.create({
      data: { workflowId: workflow.workflowId, workspaceId: workflow.workspaceId, status: "queued", scope: opts.scope ?? "workflow", trigger: trigger as Prisma.InputJsonValue },
    });
    await b.send(QUEUES.runExecute.name, { runId: run.id }, { db: fromPrisma(tx) });
    return run.id;
  });
}

export const FINAL = ["succeeded", "failed", "stopped"];

export async function finishedRun(runId: string, timeoutMs = 20_000) {
  return eventually(
    async () => {
      const run = await db().run.findUnique({ where: { id: runId }, include: { steps: { orderBy: { number: "asc" } } } });
      return run && FINAL.includes(run.status) ? run : null;
    },
    timeoutMs,
    `run ${runId} to finish`,
  );
}

export async function runInStatus(runId: string, status: string, timeoutMs = 20_000) {
  return eventually(async () => (await db().run.findUnique({ where: { id: runId } }))?.status === status, timeoutMs, `run ${runId} to be ${status}`);
}

/** A webhook trigger then one HTTP Request step (GET unless `config` says), run to its end. */
export async function runHttpStep(config: Record<string, unknown>, trigger: unknown = {}) {
  const steps: StepSpec[] = [{ kind: "webhook", config: {} }, { kind: "http", config: { method: "GET", ...config } }];
  const run = await finishedRun(await enqueueRun(await createWorkflow(steps), trigger), 60_000);
  return { run, step: run.steps[1] as unknown as { status: string; attempts: number; error: string | null; logs: string[]; output: { status: number; body: unknown } | null } };
}

export const statuses = (run: { steps: { number: number; status: string }[] }) => run.steps.map((s) => `${s.number}:${s.status}`);
