// A sandbox child that ends while the worker is stopping ended with the worker, not because of
// the code it ran: the execution is reported `aborted` (the code step is interrupted and its run
// resumes on the next start), not `crashed` (a final failure of the step).
import { describe, expect, it } from "vitest";
import { SandboxPool } from "@/lib/sandbox/sandbox-pool";
import type { ChildProcess } from "node:child_process";

const job = { kind: "code" as const, code: "for (;;) {}", stepsJson: "{}", varsJson: "{}", timeoutMs: 20_000, memoryMb: 64, maxOutputBytes: 1024, isolationKey: "ws" };
const busyChild = async (pool: SandboxPool): Promise<ChildProcess> => {
  const slots = (pool as unknown as { slots: { child: ChildProcess; job?: unknown }[] }).slots;
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    const slot = slots.find((s) => s.job);
    if (slot) return slot.child;
  }
  throw new Error("no child took the job");
};

describe("a sandbox child ending", () => {
  it("while the worker is stopping: the execution is aborted (resumable)", async () => {
    const pool = new SandboxPool(1, 1);
    const running = pool.run(job).catch((e: unknown) => e);
    const child = await busyChild(pool);
    pool.stopping();
    child.kill("SIGKILL");
    expect(await running).toMatchObject({ reason: "aborted" });
  }, 30_000);

  it("otherwise: it crashed (final)", async () => {
    const pool = new SandboxPool(1, 1);
    const running = pool.run(job).catch((e: unknown) => e);
    (await busyChild(pool)).kill("SIGKILL");
    expect(await running).toMatchObject({ reason: "crashed" });
  }, 30_000);

  it("a group signal (SIGTERM, SIGINT) sent to the child does not end it: the execution goes on to its result", async () => {
    const pool = new SandboxPool(1, 1);
    const running = pool.run({ ...job, code: "const end = Date.now() + 1500; while (Date.now() < end) {} return 7" });
    const child = await busyChild(pool);
    child.kill("SIGTERM");
    child.kill("SIGINT");
    expect(await running).toMatchObject({ json: "7" });
  }, 30_000);
});
