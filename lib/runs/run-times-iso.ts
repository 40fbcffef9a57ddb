// A run row's three timestamps as the API writes them (ISO 8601; not started / not finished: null).
export type RunTimes = { createdAt: Date; startedAt: Date | null; finishedAt: Date | null };

export function runTimesIso<T extends RunTimes>(row: T): Omit<T, keyof RunTimes> & { createdAt: string; startedAt: string | null; finishedAt: string | null } {
  return { ...row, createdAt: row.createdAt.toISOString(), startedAt: row.startedAt?.toISOString() ?? null, finishedAt: row.finishedAt?.toISOString() ?? null };
}
