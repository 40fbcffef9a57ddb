// A step's error while it waits for a retry ends "(next attempt at <ISO time>)": the worker writes
// the moment in UTC (lib/runs/execute-run.ts), and the API keeps it so. Shown to a reader, that
// moment is put in their own time, as formatExactTime says every other time beside it ("next
// attempt at 05:59:50", not "2026-11-24T05:59:50.212Z"). Pure and client-safe.
import { formatExactTime } from "@/lib/format-exact-time";

const NEXT_ATTEMPT = /\(next attempt at (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)\)/g;

export function formatRetryNote(text: string, now: Date = new Date()): string {
  return text.replace(NEXT_ATTEMPT, (_, iso: string) => `(next attempt at ${formatExactTime(iso, now)})`);
}
