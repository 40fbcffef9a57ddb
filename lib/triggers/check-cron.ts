// Checks a Scheduler trigger's cron values before pg-boss sees them, so a mistake is named by
// its field: cron-parser's own "Constraint error, got value 8 expected range 0-7" neither says
// which field nor that 7 is allowed there (the range reads as if 8 were the upper bound).
// The shape (exactly 5 fields: pg-boss schedules by the minute) is the catalog's check.
import { CronExpressionParser } from "cron-parser";

const FIELDS = [
  { name: "minute", range: "0–59" },
  { name: "hour", range: "0–23" },
  { name: "day of month", range: "1–31" },
  { name: "month", range: "1–12 or JAN–DEC" },
  { name: "day of week", range: "0–7 (0 and 7 are Sunday) or SUN–SAT" },
] as const;

const ORDINAL = ["1st", "2nd", "3rd", "4th", "5th"];

function parse(cron: string, timezone?: string): string | null {
  try {
    CronExpressionParser.parse(cron, { tz: timezone });
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Null when pg-boss can schedule `cron`; otherwise what is wrong, naming the field. */
export function checkCron(cron: string, timezone?: string): string | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return `"${cron}" must have 5 fields (minute hour day-of-month month day-of-week); schedules fire at most once a minute, so there is no seconds field`;
  for (const [i, field] of fields.entries()) {
    // This field alone, every other one "*": which field the parser objects to.
    const alone = fields.map((f, j) => (j === i ? f : "*")).join(" ");
    const problem = parse(alone);
    if (!problem) continue;
    const { name, range } = FIELDS[i];
    const value = /got value:? (\S+)/.exec(problem)?.[1];
    const why = value !== undefined ? `${value} is not allowed` : problem.replace(/^(Constraint|Validation) error, /, "").replace(/\.$/, "");
    return `the ${name} (${ORDINAL[i]} field, "${field}") takes ${range}: ${why}`;
  }
  const problem = parse(cron, timezone);
  if (problem === "Invalid explicit day of month definition") return `"${cron}" never fires: that day of month does not occur in the month given`;
  return problem && `"${cron}": ${problem}`;
}
