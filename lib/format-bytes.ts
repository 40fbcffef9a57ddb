// A byte count as people read it: "812 B", "1.4 KB", "19.1 MB" (units of 1024, one decimal).
// One formatter for every size the UI shows (deliveries, files, audit details), so a 20 MB body
// does not read "19531.3 KB" in one place and "19.1 MB" in another. Pure and client-safe.
const UNITS = ["KB", "MB", "GB", "TB"];

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || Math.abs(bytes) < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  // Rounded to one decimal, 1023.96 KB would read "1024.0 KB": that is 1.0 MB.
  while (unit < UNITS.length - 1 && Math.abs(Number(value.toFixed(1))) >= 1024) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** Megabytes to one decimal, a whole number without ".0" ("1.2 MB", "16 MB"): the size in a step's
 *  refusal, where `round` says which way — up for a size measured over a limit (so it never reads
 *  as the limit itself), down for a lower bound. */
export function formatMegabytes(bytes: number, round: (n: number) => number = Math.round): string {
  return `${(round((bytes / 1024 / 1024) * 10) / 10).toFixed(1).replace(/\.0$/, "")} MB`;
}
