// When a batch of run jobs fetches more beside itself (lib/runs/create-run-job-handler.ts): only
// once the whole batch has run longer than the refill delay. A batch whose runs end one by one
// within it fetches nothing (once, the first run to end started the refill at once, and every
// batch settled its jobs one by one: the run benchmark lost 30–40 %).
import { describe, expect, it, vi } from "vitest";
import type { JobWithMetadata, PgBoss } from "pg-boss";
import type { ExecuteRunOptions } from "@/lib/runs/execute-run";
import type { RunWork } from "@/lib/runs/run-records";

const durations = vi.hoisted(() => new Map<string, number>());

vi.mock("@/lib/runs/load-run-batch", () => ({
  loadRunBatch: async ({ runIds }: { runIds: string[] }) =>
    new Map(runIds.map((id) => [id, { run: { id, workflowId: "wf1", workspaceId: "ws1" } } as unknown as RunWork])),
}));
vi.mock("@/lib/runs/execute-run", () => ({
  executeRun: async ({ work, write }: ExecuteRunOptions) => {
    await new Promise((r) => setTimeout(r, durations.get(work.run.id) ?? 0));
    await write({ steps: [], run: { id: work.run.id, status: "succeeded" } });
    return "finished";
  },
}));

const job = (runId: string) => ({ id: `job-${runId}`, data: { runId }, retryCount: 0, retryLimit: 3, signal: new AbortController().signal }) as unknown as JobWithMetadata<unknown>;

function fakeBoss() {
  return { fetch: vi.fn(async () => []), complete: vi.fn(async () => ({})), fail: vi.fn(async () => ({})), touch: vi.fn(async () => ({})) };
}

describe("a batch of run jobs", () => {
  it("whose runs end one by one within the refill delay fetches nothing beside it", async () => {
    const { createRunJobHandler } = await import("@/lib/runs/create-run-job-handler");
    const boss = fakeBoss();
    durations.set("quick", 5).set("less-quick", 300);
    const handle = createRunJobHandler({ boss: boss as unknown as PgBoss, write: async () => true, batchSize: 5, refill: { afterMs: 10_000, pollMs: 50 } });
    // The wait ends with the batch (300 ms), so a long delay costs nothing and leaves no race.
    await handle([job("quick"), job("less-quick")]);
    expect(boss.fetch).not.toHaveBeenCalled();
  });

  it("still running after the delay fetches up to its batch size beside it, and settles what it fetched", async () => {
    const { createRunJobHandler } = await import("@/lib/runs/create-run-job-handler");
    const boss = fakeBoss();
    durations.set("slow", 600).set("extra", 0);
    boss.fetch.mockImplementationOnce((async () => [job("extra")]) as never);
    const handle = createRunJobHandler({ boss: boss as unknown as PgBoss, write: async () => true, batchSize: 5, refill: { afterMs: 200, pollMs: 50 } });
    await handle([job("slow"), job("quick-2")]);
    expect(boss.fetch.mock.calls[0]).toEqual(["run-execute", { batchSize: 4, includeMetadata: true }]);
    expect(boss.complete).toHaveBeenCalledWith("run-execute", expect.objectContaining({ id: "job-extra" }));
    expect(boss.fail).not.toHaveBeenCalled();
  });
});
