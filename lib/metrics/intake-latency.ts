// In-process intake figures of this web process: a latency histogram and responses by status.
// Kept on globalThis because the intake may run in server.ts's module graph (fast path) and in
// Next's bundle (route handler) of the same process; /metrics must see both.
export const INTAKE_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

type Store = { counts: number[]; sum: number; count: number; byStatus: Map<number, number> };
const g = globalThis as unknown as { __intakeMetrics?: Store };
const store = (): Store => (g.__intakeMetrics ??= { counts: INTAKE_BUCKETS.map(() => 0), sum: 0, count: 0, byStatus: new Map() });

/** Records one answered delivery; `startedMs` is a performance.now() reading. */
export function observeIntake(startedMs: number, status: number): void {
  const s = store();
  const seconds = (performance.now() - startedMs) / 1000;
  const i = INTAKE_BUCKETS.findIndex((b) => seconds <= b);
  if (i >= 0) s.counts[i]++;
  s.sum += seconds;
  s.count++;
  s.byStatus.set(status, (s.byStatus.get(status) ?? 0) + 1);
}

export function readIntakeMetrics() {
  const s = store();
  let running = 0;
  const cumulative = s.counts.map((c) => (running += c));
  return { bounds: INTAKE_BUCKETS, cumulative, sum: s.sum, count: s.count, byStatus: [...s.byStatus.entries()].sort((a, b) => a[0] - b[0]) };
}
