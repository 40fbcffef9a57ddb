// Checks a Scheduler trigger's cron before pg-boss sees it, so a mistake is named by its field
// and says what the field takes: cron-parser's own "Constraint error, got value 8 expected range
// 0-7" neither says which field nor that 7 is allowed there. What passes is what pg-boss 12
// evaluates (cron-parser, strict: false) and what the editor's preview (next-fire-times.ts) lists.
// The catalog checks only the shape at save (5 fields or an @macro); values are checked here.
import { CronExpressionParser } from "cron-parser";
import { CRON_FIELDS, checkCronField } from "@/lib/triggers/check-cron-field";
import { cronWalls, starredDayField } from "@/lib/triggers/cron-walls";

/** The macros cron-parser expands to the usual 5-field meaning, as Vixie cron does. */
export const CRON_MACROS = ["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@hourly"] as const;

// Macros cron-parser lacks (@midnight, @reboot) or has beyond the usual set, each with what to write instead.
const OTHER_MACROS: Record<string, string> = {
  "@reboot": "runs once when a machine starts, and a schedule has no such moment (workers come and go); choose times instead, such as @daily or 0 8 * * *",
  "@midnight": "is not supported; write @daily (00:00 every day)",
  "@minutely": "is not supported; write * * * * * (every minute)",
  "@secondly": "is not supported: schedules fire at most once a minute; write * * * * * (every minute)",
  "@weekdays": "is not supported; write 0 0 * * 1-5 (00:00 Monday to Friday)",
  "@weekends": "is not supported; write 0 0 * * 0,6 (00:00 on Saturday and Sunday)",
};

function checkMacro(cron: string): string | null {
  if ((CRON_MACROS as readonly string[]).includes(cron)) return null;
  const lower = cron.toLowerCase();
  if (lower !== cron && (CRON_MACROS as readonly string[]).includes(lower)) return `"${cron}": write macros in lower case, ${lower}`;
  return `"${cron}" ${OTHER_MACROS[lower] ?? `is not a schedule macro; use ${CRON_MACROS.filter((m) => m !== "@annually").join(", ")}, or 5 fields`}`;
}

/** Null when pg-boss can schedule `cron`; otherwise what is wrong, naming the field. */
export function checkCron(cron: string, timezone?: string): string | null {
  const fields = cron.trim().split(/\s+/).filter(Boolean);
  if (fields.length === 1 && fields[0].startsWith("@")) {
    const wrong = checkMacro(fields[0]);
    if (wrong) return wrong;
    // cron-parser expands a macro only when it is the whole string.
    if (cron !== fields[0]) return `"${cron}": write ${fields[0]} without spaces around it`;
  } else if (fields.length !== 5) {
    const has = fields.length ? `has ${fields.length} field${fields.length === 1 ? "" : "s"}` : "is empty";
    // The seconds field only where there is one to explain: "bogus" (1 field) lacks fields, it has no extra one.
    const seconds = fields.length === 6 ? "; schedules fire at most once a minute, so there is no seconds field" : "";
    return `"${cron}" ${has}: a cron has 5 (minute hour day-of-month month day-of-week) or is a macro such as @daily${seconds}`;
  } else {
    for (const [i, field] of fields.entries()) {
      const why = checkCronField(field, i);
      const { name, ordinal, range } = CRON_FIELDS[i];
      if (why) return `the ${name} (${ordinal} field, "${field}") takes ${range}: ${why}`;
    }
  }
  try {
    CronExpressionParser.parse(cron, { tz: timezone, strict: false });
    // A day field starting with * requires both day fields (crontab(5)); they may never meet.
    if (starredDayField(cron)) cronWalls(cron, new Date()).next();
    return null;
  } catch (e) {
    const problem = e instanceof Error ? e.message : String(e);
    if (problem.endsWith("never fall on the same day")) return `"${cron}" never fires: ${problem}`;
    if (problem === "Invalid explicit day of month definition") return `"${cron}" never fires: the day of month (3rd field, "${fields[2]}") does not occur in the month (4th field, "${fields[3]}")`;
    return `"${cron}": ${problem}`;
  }
}
