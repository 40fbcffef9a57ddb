// A moment to the second, with its day unless it is today (and its year unless this year): a
// run's start in the editor's Executions and under Workflow data's "Data from". A clock time
// alone read a run from days ago as today's. Local time, in the browser's locale. Pure and
// client-safe.
export function formatExactTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  if (d.toDateString() === now.toDateString()) return time;
  const sameYear = d.getFullYear() === now.getFullYear();
  return `${d.toLocaleDateString([], { month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }) })} ${time}`;
}
