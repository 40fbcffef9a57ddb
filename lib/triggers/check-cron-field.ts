// One field of a Scheduler cron, read the way pg-boss reads it (cron-parser, strict: false), so
// that a mistake is explained in the user's own terms: cron-parser says "Invalid range: 5-1,
// min(5) > max(1)" or "cannot resolve alias "mon"" without naming the field or the fix. Forms
// cron-parser accepts but misreads are refused here too: H (a hashed value, drawn anew each time
// pg-boss parses the schedule, so a different minute on every check) and a step too large to
// repeat (*/60 fires only at minute 0). Pure and client-safe: the editor marks fields live.

type CronField = { name: string; ordinal: string; range: string; min: number; max: number; names?: readonly string[]; stepMax: number };

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"] as const;
const DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"] as const;

/** The five fields in order; `stepMax`: the largest step that still repeats (dow 7 is Sunday again). */
export const CRON_FIELDS: readonly CronField[] = [
  { name: "minute", ordinal: "1st", range: "0–59", min: 0, max: 59, stepMax: 59 },
  { name: "hour", ordinal: "2nd", range: "0–23", min: 0, max: 23, stepMax: 23 },
  { name: "day of month", ordinal: "3rd", range: "1–31", min: 1, max: 31, stepMax: 30 },
  { name: "month", ordinal: "4th", range: "1–12 or JAN–DEC", min: 1, max: 12, names: MONTHS, stepMax: 11 },
  { name: "day of week", ordinal: "5th", range: "0–7 (0 and 7 are Sunday) or SUN–SAT", min: 0, max: 7, names: DAYS, stepMax: 6 },
];
const DAY_OF_MONTH = 2;
const DAY_OF_WEEK = 4;

/** A value's number, or why it is not one this field takes. */
function readValue(token: string, f: CronField): number | string {
  if (/^\d+$/.test(token)) {
    const n = Number(token);
    return n >= f.min && n <= f.max ? n : `${token} is not allowed`;
  }
  if (token === "") return "a value is missing";
  if (token === "H" || token.startsWith("H(")) return "H (a hashed value) is not supported: pg-boss would draw a different value each time it checks the schedule; write a number";
  const upper = token.toUpperCase();
  const at = f.names?.indexOf(upper) ?? -1;
  if (at >= 0) return f.names === MONTHS ? at + 1 : at;
  if ((DAYS as readonly string[]).includes(upper)) return `${token} is a day name: day names go in the 5th field (day of week)`;
  if ((MONTHS as readonly string[]).includes(upper)) return `${token} is a month name: month names go in the 4th field (month)`;
  if (f.names && /^[A-Za-z]+$/.test(token)) return `${token} is not a name this field takes: names are three letters, ${f.names[0]}–${f.names.at(-1)}`;
  return `${token} is not allowed`;
}

/** Which values a base (`*`, `5`, `1-5`) covers, or why it is wrong. A lone value with a step runs to the field's end. */
function readBase(base: string, f: CronField, stepped: boolean): { lo: number; hi: number } | string {
  if (base === "*" || base === "?") return { lo: f.min, hi: f.min + f.stepMax };
  const dash = base.indexOf("-");
  if (dash < 0) {
    const v = readValue(base, f);
    return typeof v === "string" ? v : { lo: v, hi: stepped ? f.max : v };
  }
  const [a, b, ...more] = base.split("-");
  if (more.length || a === "" || b === "") return `${base} is not a range: a range is two values joined by one dash, as 1-5`;
  const lo = readValue(a, f);
  if (typeof lo === "string") return lo;
  const hi = readValue(b, f);
  if (typeof hi === "string") return hi;
  if (lo <= hi) return { lo, hi };
  // 7-1 means Sunday to Monday; reversing it (1-7) would mean the whole week.
  if (f.max === 7 && lo === 7) return `range ${base} runs backwards; 7 is Sunday, as 0 is: write 0-${b}`;
  const [first, last] = f.names && /[A-Za-z]/.test(base) ? [f.names[0], f.names.at(-1)] : [f.min, f.min + f.stepMax];
  const wrap = lo <= f.min + f.stepMax ? `, or ${a}-${last},${first}-${b} to wrap around` : "";
  return `range ${base} runs backwards; write ${b}-${a}${wrap}`;
}

function readItem(item: string, f: CronField): string | null {
  if (item === "") return "a list needs a value between every two commas, as 1,15";
  const [base, step, ...more] = item.split("/");
  if (more.length) return `${item} has more than one step; write one, as */5 or 10-40/5`;
  const span = readBase(base, f, step !== undefined);
  if (typeof span === "string") return span;
  if (step === undefined) return null;
  const most = span.hi - span.lo;
  const advice = most >= 1 ? `use ${base}/1 … ${base}/${most}` : `write ${base} alone`;
  if (!/^\d+$/.test(step)) return `step "${step}" is not a whole number; ${advice}`;
  const n = Number(step);
  if (n === 0) return `step 0 is not allowed, ${advice}`;
  if (n > most) return `step ${n} is too large: only ${span.lo} would fire; ${advice}`;
  return null;
}

/** Null when pg-boss reads this field as written; otherwise why not (the field is named by the caller). */
export function checkCronField(value: string, index: number): string | null {
  const f = CRON_FIELDS[index];
  if (/l/.test(value) && /^[\dl,#-]+$/.test(value)) return "write L in capitals";
  if (/[\dL]W(?![A-Za-z])/.test(value)) return "W (the nearest weekday) is not supported; write the day itself, or L for the last day of the month";
  if (index === DAY_OF_WEEK && value.includes("#")) {
    const m = /^([^#,/-]+)#(\d*)$/.exec(value);
    if (!m) return "# takes one day and no list, range or step, as 1#2 (the second Monday of the month)";
    const day = readValue(m[1], f);
    if (typeof day === "string") return day;
    if (/^[1-5]$/.test(m[2])) return null;
    return `${m[2] ? `#${m[2]} is not allowed` : "# needs a number after it"}, use #1 … #5 (1#2 is the second Monday of the month)`;
  }
  for (const item of value.split(",")) {
    if (item === "L" && index === DAY_OF_MONTH) continue;
    if (index === DAY_OF_WEEK && /^.+L$/.test(item)) {
      const day = readValue(item.slice(0, -1), f);
      if (typeof day === "string") return day;
      continue;
    }
    if (item.includes("L") && !/[A-KM-Za-z]/.test(item.replace(/L/g, ""))) {
      if (index === DAY_OF_WEEK) return "L follows one day, as 5L (the last Friday of the month), with no range or step";
      if (index === DAY_OF_MONTH) return "L (the last day of the month) stands alone: it cannot be part of a range or take a step";
      return "L is only for the day of month (the last day) or the day of week (5L, the last Friday)";
    }
    if (item.includes("#")) return "# is only for the day of week, as 1#2 (the second Monday of the month)";
    const wrong = readItem(item, f);
    if (wrong) return wrong;
  }
  return null;
}
