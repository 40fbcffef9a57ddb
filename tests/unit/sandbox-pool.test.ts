import { describe, expect, it } from "vitest";
import { runInSandbox, SandboxError } from "@/lib/sandbox/run-in-sandbox";

const run = (code: string, extra: { steps?: Record<number, unknown>; log?: (l: string) => void; signal?: AbortSignal; timeoutMs?: number } = {}) =>
  runInSandbox({ code, steps: extra.steps ?? {}, vars: {}, timeoutMs: extra.timeoutMs ?? 5_000, log: extra.log, signal: extra.signal });

describe("sandbox pool", () => {
  it("runs many executions concurrently, each with its own data and log lines", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const lines: string[] = [];
        const r = await run("console.log('n=' + steps[1].n); await null; return steps[1].n * 2", { steps: { 1: { n: i } }, log: (l) => lines.push(l) });
        return { value: r.value, lines };
      }),
    );
    results.forEach((r, i) => {
      expect(r.value).toBe(i * 2);
      expect(r.lines).toEqual([`n=${i}`]);
    });
  });

  it("a process-killing bomb fails only its own execution", async () => {
    const bomb = run("const m = new Map(); let i = 0; for (;;) m.set(i++, { i })", { timeoutMs: 20_000 });
    const others = Array.from({ length: 6 }, (_, i) => run(`return ${i}`));
    await expect(bomb).rejects.toMatchObject({ reason: "memory" });
    expect((await Promise.all(others)).map((r) => r.value)).toEqual([0, 1, 2, 3, 4, 5]);
  }, 30_000);

  it("an execution aborted while queued or running is cancelled", async () => {
    const ac = new AbortController();
    const busy = Array.from({ length: 6 }, () => run("for (;;) {}", { signal: ac.signal, timeoutMs: 10_000 }).catch((x: unknown) => x));
    setImmediate(() => ac.abort());
    for (const e of await Promise.all(busy)) {
      expect(e).toBeInstanceOf(SandboxError);
      expect((e as SandboxError).reason).toBe("aborted");
    }
    expect((await run("return 'next'")).value).toBe("next");
  });

  it("the sandbox process has no environment", async () => {
    // Not reachable from the isolate anyway; this guards the child's own set-up.
    const r = await run("return typeof process");
    expect(r.value).toBe("undefined");
  });
});
