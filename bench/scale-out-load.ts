// Load and counting helpers for bench/scale-out.ts: a local endpoint the HTTP step calls (so
// every execution of that step is counted outside the database) and a fixed-concurrency sender.
import http from "node:http";
import type { AddressInfo } from "node:net";

/** Counts GET /hit?k=… per key: a step executed twice shows up as a count of 2. */
export async function startHitCounter(onHit?: (k: string, n: number) => void) {
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const k = new URL(req.url ?? "/", "http://x").searchParams.get("k") ?? "";
    hits.set(k, (hits.get(k) ?? 0) + 1);
    onHit?.(k, hits.get(k)!);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ k }));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

export type SendResult = { byStatus: Map<number, number>; acceptedKeys: Set<number>; ms: number; latencies: number[] };

/** POSTs {"k": i} for i in [0, total) with `concurrency` in flight, alternating the base URLs. */
export async function sendDeliveries(opts: { baseUrls: string[]; token: string; total: number; concurrency: number }): Promise<SendResult> {
  const byStatus = new Map<number, number>();
  const acceptedKeys = new Set<number>();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    for (let i = next++; i < opts.total; i = next++) {
      const base = opts.baseUrls[i % opts.baseUrls.length];
      const t = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${base}/hooks/${opts.token}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ k: i }) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0; // connection error: counted, never retried (a retry could duplicate a run)
      }
      latencies.push(performance.now() - t);
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      if (status === 202) acceptedKeys.add(i);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, lane));
  return { byStatus, acceptedKeys, ms: performance.now() - started, latencies };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
