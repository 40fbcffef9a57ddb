// What the run views say where a run's payload or step outputs would be, once retention has
// cleared them (RETENTION_STEP_OUTPUT_DAYS, or the workspace's override; the run view's
// outputsClearedAt). They hold null then, and a null JSON box read as a run that received or
// produced nothing. The run view gives the day, not the setting (a workspace may override it and
// it may have changed since), so no number of days is claimed. The day is UTC, as Run again's 409
// payload_cleared gives it. Pure and client-safe.

/** "2026-11-24"; null while the run keeps its data. */
export function clearedOn(run: { outputsClearedAt?: string | null }): string | null {
  return run.outputsClearedAt ? run.outputsClearedAt.slice(0, 10) : null;
}

/** "Cleared by retention on 2026-11-24: …", said in place of the payload or an output. */
export function clearedNote(run: { outputsClearedAt?: string | null }, what: "payload" | "output" | "run"): string | null {
  const on = clearedOn(run);
  if (!on) return null;
  const subject = what === "payload" ? "The received payload was" : what === "output" ? "This step's output and logs were" : "This run's payload and step outputs were";
  return `${subject} cleared by retention on ${on}: older finished runs keep only their statuses and errors.`;
}
