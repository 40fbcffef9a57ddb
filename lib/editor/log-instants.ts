// A step's Log holds the worker's own lines about its attempts, with UTC instants as the worker
// writes them (lib/runs/execute-run.ts) and the API keeps them: "attempt 1 of 5 failed at
// 2026-11-24T06:53:52.705Z: … (next attempt at 2026-11-24T06:55:52.705Z)". Shown to a reader,
// those instants are put in the reader's time like every other time in the UI; this finds them.
// Only the worker's phrases are matched: an instant a step logged itself (a Code step's
// console.log, a date in an API's answer) is the step's data, shown as written. Pure and
// client-safe.
export type LogPart = string | { iso: string };

const ISO = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z`;
// Line-start "attempt N of M failed at <iso>" and "(next attempt at <iso>)": the worker's wording.
const WORKER_INSTANT = new RegExp(String.raw`(^attempt \d+ of \d+ failed at |\(next attempt at )(${ISO})`, "gm");

/** The text in order, each of the worker's instants as `{ iso }` and the rest as strings. */
export function splitLogInstants(text: string): LogPart[] {
  const parts: LogPart[] = [];
  let from = 0;
  for (const m of text.matchAll(WORKER_INSTANT)) {
    const at = m.index + m[1].length;
    parts.push(text.slice(from, at), { iso: m[2] });
    from = at + m[2].length;
  }
  if (from < text.length || parts.length === 0) parts.push(text.slice(from));
  return parts;
}
