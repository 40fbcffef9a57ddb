import { describe, expect, it } from "vitest";
import { WarmIsolates } from "@/lib/sandbox/warm-isolates";

describe("warm isolates", () => {
  it("reuses an idle isolate only for the same workspace", () => {
    const cache = new WarmIsolates();
    const a = cache.acquire("ws-a", 128);
    cache.release(a, true);
    const b = cache.acquire("ws-b", 128);
    expect(b.isolate).not.toBe(a.isolate);
    cache.release(b, true);
    const again = cache.acquire("ws-a", 128);
    expect(again.isolate).toBe(a.isolate);
    expect(again.uses).toBe(1);
    // A different memory limit is a different isolate too.
    expect(cache.acquire("ws-b", 64).isolate).not.toBe(b.isolate);
  });

  it("throws away an isolate whose execution was stopped, and one without a workspace", () => {
    const cache = new WarmIsolates();
    const stopped = cache.acquire("ws-a", 128);
    cache.release(stopped, false);
    expect(stopped.isolate.isDisposed).toBe(true);
    expect(cache.acquire("ws-a", 128).isolate).not.toBe(stopped.isolate);
    const anonymous = cache.acquire(undefined, 128);
    cache.release(anonymous, true);
    expect(anonymous.isolate.isDisposed).toBe(true);
    expect(cache.idleCount).toBe(0);
  });

  it("keeps a few idle isolates, disposing the least recently used", () => {
    const cache = new WarmIsolates();
    const leases = ["w1", "w2", "w3", "w4", "w5"].map((ws) => cache.acquire(ws, 16));
    for (const l of leases) cache.release(l, true);
    expect(cache.idleCount).toBe(4);
    expect(leases[0].isolate.isDisposed).toBe(true);
    expect(leases.slice(1).every((l) => !l.isolate.isDisposed)).toBe(true);
    for (const ws of ["w2", "w3", "w4", "w5"]) cache.release(cache.acquire(ws, 16), false);
  });

  it("retires an isolate whose heap is still full after its execution", async () => {
    const cache = new WarmIsolates();
    const lease = cache.acquire("ws-a", 16);
    const ctx = await lease.isolate.createContext();
    // Kept reachable from the context, so it is live heap, not garbage.
    await ctx.eval("globalThis.keep = Array.from({ length: 400000 }, (_, i) => ({ i }))");
    cache.release(lease, true);
    expect(lease.isolate.isDisposed).toBe(true);
  });
});
