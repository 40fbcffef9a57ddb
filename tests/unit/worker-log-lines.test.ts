// The worker's log lines are JSON (pino, lib/log.ts) like the rest, never free text on stderr;
// a run's line says how it ended, and a failed run is a warning naming its failed step (number
// and kind), never the run's error, which can quote a response body or what user code threw.
import { randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { JobWithMetadata, PgBoss } from "pg-boss";
import type { ExecuteRunOptions } from "@/lib/runs/execute-run";
import type { RunWork } from "@/lib/runs/run-records";

const runs = vi.hoisted(() => ({ end: new Map<string, { status: string; error: string | null } | "waiting">() }));

vi.mock("@/lib/runs/load-run-batch", () => ({
  loadRunBatch: async ({ runIds }: { runIds: string[] }) =>
    new Map(runIds.map((id) => [id, { run: { id, workflowId: "wf1", workspaceId: "ws1" } } as unknown as RunWork])),
}));
vi.mock("@/lib/runs/execute-run", () => ({
  executeRun: async ({ work, write }: ExecuteRunOptions) => {
    const end = runs.end.get(work.run.id)!;
    if (end === "waiting") return "waiting";
    await write({ steps: [], run: { id: work.run.id, status: "running" } });
    // A failed run's failed step, whose error quotes what the third party answered.
    const steps =
      end.status === "failed"
        ? [{ runId: work.run.id, stepId: "s2", number: 2, kind: "http", status: "failed" as const, error: end.error, attempts: 1 }]
        : [];
    await write({ steps, run: { id: work.run.id, ...end, status: end.status as "failed" } });
    return "finished";
  },
}));
vi.mock("@/lib/triggers/reconcile-workflow-schedules", () => ({
  reconcileWorkflowSchedules: async () => {
    throw new Error("connection terminated\n    at somewhere");
  },
}));
vi.mock("@/lib/jobs/sync-queue-options", () => ({ syncQueueOptions: async () => {} }));
vi.mock("@/lib/retention/register-retention", () => ({ registerRetention: async () => {} }));

beforeAll(() => {
  vi.stubEnv("SECRET_KEY", randomBytes(32).toString("hex"));
});

afterEach(() => {
  vi.restoreAllMocks();
});

const job = (runId: string) => ({ id: `job-${runId}`, data: { runId }, retryCount: 0, retryLimit: 3, signal: new AbortController().signal }) as unknown as JobWithMetadata<unknown>;

describe("worker log lines", () => {
  it("a run's line carries its final status; a failed run is a warning naming the failed step, without its error", async () => {
    const { logger } = await import("@/lib/log");
    const { createRunJobHandler } = await import("@/lib/runs/create-run-job-handler");
    const info = vi.spyOn(logger(), "info");
    const warn = vi.spyOn(logger(), "warn");
    runs.end.set("r-ok", { status: "succeeded", error: null });
    runs.end.set("r-bad", { status: "failed", error: 'step 2 (HTTP Request): 500 Internal Server Error: {"customer":"Contoso","ssn":"078-05-1120"}' });
    runs.end.set("r-stop", { status: "stopped", error: null });
    runs.end.set("r-wait", "waiting");
    const handle = createRunJobHandler({ boss: { fail: vi.fn() } as unknown as PgBoss, write: async () => true });
    await handle(["r-ok", "r-bad", "r-stop", "r-wait"].map(job));

    const byRun = (spy: typeof info) => Object.fromEntries(spy.mock.calls.map((c) => [(c[0] as { runId: string }).runId, c]));
    const infos = byRun(info);
    expect(infos["r-ok"]).toEqual([expect.objectContaining({ outcome: "finished", status: "succeeded" }), "run executed"]);
    expect(infos["r-stop"]).toEqual([expect.objectContaining({ status: "stopped" }), "run executed"]);
    expect(infos["r-wait"]).toEqual([expect.objectContaining({ outcome: "waiting", status: "waiting" }), "run executed"]);
    expect(infos["r-bad"]).toBeUndefined();
    expect(byRun(warn)["r-bad"]).toEqual([
      expect.objectContaining({ runId: "r-bad", workflowId: "wf1", status: "failed", failedStep: 2, failedStepKind: "http" }),
      "run failed",
    ]);
    // The run's error carries the response body (an HTTP step) or what user code threw (a Code
    // step): never logged.
    expect(JSON.stringify(warn.mock.calls)).not.toMatch(/Contoso|078-05-1120|Internal Server Error/);
  });

  it("schedule reconcile and pg-boss errors are JSON lines, not console.error text", async () => {
    const { logger } = await import("@/lib/log");
    const { createBoss } = await import("@/lib/jobs/boss");
    const { registerHandlers } = await import("@/worker/register-handlers");
    const error = vi.spyOn(logger(), "error");
    const consoleError = vi.spyOn(console, "error");

    const boss = createBoss("worker", "postgres://nobody@127.0.0.1:1/none"); // never started
    boss.emit("error", new Error("Connection terminated unexpectedly"));
    const fake = new Proxy({}, { get: () => async () => {} }) as unknown as PgBoss;
    await registerHandlers(fake, { concurrency: 1, batchSize: 1 });

    expect(consoleError).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith({ component: "pg-boss-worker", err: "Connection terminated unexpectedly" }, "pg-boss error");
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ component: "worker", err: expect.stringContaining("connection terminated") }), "schedule reconcile failed");
  });
});
