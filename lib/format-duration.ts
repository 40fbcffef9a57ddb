// A duration as people read it: "250 ms", "1.5 s", "33 s", "2 min 3 s", "1 h 5 min", "1 d 2 h".
// One formatter for every run and step time the UI shows, so a 2-minute Wait does not read
// "120.0 s" and a day-long one "86400.0 s". At most two units, each cut down (never rounded
// up), so 59.96 s reads "59 s", not "60 s", and 1 h 59 min 59 s reads "1 h 59 min", not "2 h".
// Pure and client-safe.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "2 min 3 s", or "2 min" when the smaller unit is 0. */
const pair = (ms: number, big: number, bigUnit: string, small: number, smallUnit: string) => {
  const whole = Math.floor(ms / big);
  const rest = Math.floor((ms % big) / small);
  return rest > 0 ? `${whole} ${bigUnit} ${rest} ${smallUnit}` : `${whole} ${bigUnit}`;
};

export function formatDuration(ms: number): string {
  // Clocks of two machines can disagree by a little: a negative span is nothing, not "-3 ms".
  const span = Number.isFinite(ms) ? Math.max(0, ms) : 0;
  if (span < SECOND) return `${Math.floor(span)} ms`;
  // Tenths while they still matter ("1.5 s"); no ".0" ("2 s").
  if (span < 10 * SECOND) return `${Math.floor(span / 100) / 10} s`;
  if (span < MINUTE) return `${Math.floor(span / SECOND)} s`;
  if (span < HOUR) return pair(span, MINUTE, "min", SECOND, "s");
  if (span < DAY) return pair(span, HOUR, "h", MINUTE, "min");
  return pair(span, DAY, "d", HOUR, "h");
}

/** From one ISO instant to another; null when either is missing or not a date. */
export function durationBetween(from: string | null | undefined, to: string | null | undefined): string | null {
  if (!from || !to) return null;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isNaN(ms) ? null : formatDuration(ms);
}
