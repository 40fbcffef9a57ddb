// One workspace's code must not hold another workspace's code steps: the sandbox pool queues
// per workspace, serves workspaces in turn and never lets one occupy every child.
import { describe, expect, it } from "vitest";
import { evaluateInSandbox } from "@/lib/sandbox/evaluate-in-sandbox";
import { runInSandbox } from "@/lib/sandbox/run-in-sandbox";
import { FairQueue } from "@/lib/sandbox/fair-queue";
import { SandboxPool } from "@/lib/sandbox/sandbox-pool";

describe("sandbox pool fairness across workspaces", () => {
  it("endless loops of one workspace leave a child to another workspace's code and expressions", async () => {
    const ac = new AbortController();
    let loopsStarted!: () => void;
    const started = new Promise<void>((r) => (loopsStarted = r));
    let loopSettled = false;
    // More loops than any pool has children (at most 5), each far longer than the quick step.
    const loops = Array.from({ length: 8 }, () =>
      runInSandbox({ code: "console.log('looping'); for (;;) {}", steps: {}, vars: {}, timeoutMs: 15_000, isolationKey: "ws-loop", signal: ac.signal, log: () => loopsStarted() })
        .catch((e: unknown) => e)
        .finally(() => (loopSettled = true)),
    );
    try {
      // The quick workspace arrives once a loop holds a child, as in QA's report.
      await started;
      const quick = await runInSandbox({ code: "return 1", steps: {}, vars: {}, timeoutMs: 1_000, isolationKey: "ws-quick" });
      expect(quick.value).toBe(1);
      const regex = await evaluateInSandbox({ source: "$contains('abc', /b/)", input: {}, bindings: {}, timeoutMs: 1_000, isolationKey: "ws-quick" });
      expect(regex).toBe(true);
      // Served while the loops still ran, not after they hit their time limit.
      expect(loopSettled).toBe(false);
    } finally {
      ac.abort();
      await Promise.all(loops);
    }
  }, 20_000);

  it("serves waiting workspaces in turn, not in order of arrival", async () => {
    const pool = new SandboxPool(1, 1);
    const finished: string[] = [];
    const job = (key: string, n: number) =>
      pool
        .run({ kind: "code", code: "return 1", stepsJson: "{}", varsJson: "{}", timeoutMs: 5_000, memoryMb: 64, maxOutputBytes: 1_024, isolationKey: key })
        .then(() => void finished.push(`${key}${n}`));
    // All queued before the pool's one child is ready, so the order is the pool's choice.
    await Promise.all([job("a", 1), job("a", 2), job("a", 3), job("a", 4), job("b", 1), job("c", 1)]);
    expect(finished).toEqual(["a1", "b1", "c1", "a2", "a3", "a4"]);
  }, 20_000);

  it("lets one workspace use every child but one at once, and keeps that one for the others", async () => {
    const pool = new SandboxPool(3, 2);
    const ac = new AbortController();
    let started = 0;
    let twoStarted!: () => void;
    const two = new Promise<void>((r) => (twoStarted = r));
    const loop = () =>
      pool
        .run({ kind: "code", code: "console.log('looping'); for (;;) {}", stepsJson: "{}", varsJson: "{}", timeoutMs: 15_000, memoryMb: 64, maxOutputBytes: 1_024, isolationKey: "ws-loop", signal: ac.signal, log: () => ++started === 2 && twoStarted() })
        .catch((e: unknown) => e);
    const loops = [loop(), loop(), loop()];
    try {
      await two; // a single workspace runs on two children at once: no throughput lost to the cap
      const quick = await pool.run({ kind: "code", code: "return 2", stepsJson: "{}", varsJson: "{}", timeoutMs: 1_000, memoryMb: 64, maxOutputBytes: 1_024, isolationKey: "ws-quick" });
      expect(quick.json).toBe("2");
      // The third child was free for ws-quick, yet the third loop never took it.
      expect(started).toBe(2);
    } finally {
      ac.abort();
      await Promise.all(loops);
    }
  }, 20_000);
});

describe("fair queue", () => {
  it("takes from the workspace holding fewest children, in turn among equals, never past the limit", () => {
    const q = new FairQueue<string>();
    for (const job of ["a1", "a2", "b1", "b2", "c1"]) q.push(job[0], job);
    const running: Record<string, number> = { a: 1, b: 0, c: 0 };
    const take = () => {
      const job = q.take((key) => running[key] ?? 0, 2);
      if (job) running[job[0]]++;
      return job;
    };
    // b and c hold nothing: both go before a; then a, the first in turn among equals.
    expect([take(), take(), take(), take()]).toEqual(["b1", "c1", "a1", "b2"]);
    // a holds 2 (the limit): its a2 waits until one of its jobs ends.
    expect(take()).toBeUndefined();
    expect(q.size).toBe(1);
    running.a = 1;
    expect(take()).toBe("a2");
    q.push("d", "d1");
    expect(q.remove("d", "d1")).toBe(true);
    expect(q.size).toBe(0);
    expect(take()).toBeUndefined();
  });
});
