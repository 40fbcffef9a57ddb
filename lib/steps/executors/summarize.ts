// summarize: groups the rows of an input list by fields, aggregates each group (count, sum,
// avg, min, max), adds computed columns (JSONata over the group's row: `$round(budget * 1.2)`)
// and builds a Markdown table for chat or ticket steps. Output {groups, totals, table}.
import { summarizeConfig } from "@/lib/steps/catalog";
import { describeExpressionError, evaluateExpression } from "@/lib/steps/evaluate-expression";
import { followPath } from "@/lib/workflows/references";
import { bindReference, setField } from "./transform";
import { eventLoopTurns } from "./event-loop-turn";
import { StepError, type StepContext, type StepExecutor } from "./types";

type Aggregate = { name: string; op: "count" | "sum" | "avg" | "min" | "max"; field?: string };
type Row = Record<string, unknown>;

const fieldOf = (row: unknown, field: string) => followPath(row, field.split(".")).value;

/** A number, or numeric text ("1200", " 12.5 "): what a CSV or an API that quotes numbers
 *  sends. Anything else ("1,200", "$50", true) is not one. */
function toNumber(v: unknown): number | null {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

const numbers = (values: unknown[]): number[] => values.flatMap((v) => (toNumber(v) === null ? [] : [toNumber(v)!]));

/** A sum past ±1.8e308 is Infinity, which JSON (the stored output) can only write as null: it
 *  is null in the table too, and the step's log says why. */
function finite(n: number, agg: Aggregate, note: (line: string) => void): number | null {
  if (Number.isFinite(n)) return round(n);
  note(`${agg.op} "${agg.name}" of ${agg.field ?? "the rows"} is beyond the largest number JSON can hold (±1.8e308), so it is null`);
  return null;
}

/** numericFields: the fields that hold a number in some row of the input. Their other values
 *  are left out (and said in the log, noteNotNumbers), so a group whose only cost is "1,200"
 *  has no max rather than the text "1,200" beside other groups' numbers. */
function aggregate(rows: unknown[], agg: Aggregate, numericFields: Set<string>, note: (line: string) => void): unknown {
  const values = agg.field ? rows.map((r) => fieldOf(r, agg.field!)).filter((v) => v !== null) : rows;
  if (agg.op === "count") return values.length;
  const nums = numbers(values);
  if (agg.field && numericFields.has(agg.field) && nums.length === 0) return agg.op === "sum" ? 0 : null;
  if (agg.op === "sum") return finite(nums.reduce((a, b) => a + b, 0), agg, note);
  // Each value over the count, so an average of huge values does not overflow on the way.
  if (agg.op === "avg") return nums.length ? finite(nums.reduce((a, b) => a + b / nums.length, 0), agg, note) : null;
  // A loop, not Math.min(...nums): spreading 200,000 values as arguments overflows the stack.
  if (nums.length) return nums.reduce((m, n) => (agg.op === "min" ? (n < m ? n : m) : n > m ? n : m));
  // No numbers: min/max of text (ISO dates sort correctly as text).
  const texts = values.filter((v): v is string => typeof v === "string").sort();
  return texts.length ? (agg.op === "min" ? texts[0] : texts[texts.length - 1]) : null;
}

// Sums of decimals drift (0.1 + 0.2); money and counts read better rounded to 10 places. An
// integer is left alone: above 2^53 every double is one, and n * 1e10 could overflow.
const round = (n: number) => (Number.isInteger(n) ? n : Math.round(n * 1e10) / 1e10);

function cell(v: unknown): string {
  if (v === null || v === undefined) return "";
  const s = typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toFixed(2)) : typeof v === "object" ? JSON.stringify(v) : String(v);
  return s.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

export function markdownTable(columns: string[], rows: unknown[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(columns.map(cell)), line(columns.map(() => "---")), ...rows.map((r) => line(r.map(cell)))].join("\n");
}

/** Rows that are not objects have no fields: they count, but group under empty keys and add
 *  nothing to an aggregate of a field. Said once in the log, naming the first few. */
function noteNonObjects(input: unknown[], note: (line: string) => void): void {
  const odd = input.flatMap((row, i) => (row !== null && typeof row === "object" && !Array.isArray(row) ? [] : [`row ${i + 1}: ${JSON.stringify(row) ?? String(row)}`]));
  if (odd.length === 0) return;
  const shown = odd.slice(0, 5).map((t) => (t.length > 60 ? `${t.slice(0, 59)}…` : t)).join(", ");
  note(`${odd.length} of ${input.length} rows are not objects (${shown}${odd.length > 5 ? ", …" : ""}): they have no fields to group by or aggregate`);
}

const sample = (v: unknown) => {
  const t = JSON.stringify(v) ?? String(v);
  return t.length > 40 ? `${t.slice(0, 39)}…` : t;
};

/** A sum, avg, min or max of a field leaves out its values that are not numbers ("1,200",
 *  "$50"); the log says so once per field with the first few, so a wrong-looking total has its
 *  reason beside it. A field with no number at all (dates, names) is min/max'd as text. */
function noteNotNumbers(input: unknown[], aggregates: Aggregate[], note: (line: string) => void): Set<string> {
  const numericFields = new Set<string>();
  const byField = new Map<string, string[]>();
  for (const a of aggregates) if (a.op !== "count" && a.field) byField.set(a.field, [...(byField.get(a.field) ?? []), `${a.op} "${a.name}"`]);
  for (const [field, uses] of byField) {
    const present = input.map((row, i) => ({ i, v: fieldOf(row, field) })).filter(({ v }) => v !== null && v !== undefined);
    const odd = present.filter(({ v }) => toNumber(v) === null);
    if (odd.length === present.length) continue;
    numericFields.add(field);
    if (odd.length === 0) continue;
    const shown = odd.slice(0, 3).map(({ i, v }) => `row ${i + 1}: ${sample(v)}`).join(", ");
    note(`${field}: ${odd.length} of ${present.length} values are not numbers (${shown}${odd.length > 3 ? ", …" : ""}) and are left out of ${uses.join(", ")}`);
  }
  return numericFields;
}

/** A group-by field that no row has (a typo) would put every row under one empty key without a
 *  word; a field some rows lack puts those under an empty key. Both are said in the log. */
function noteMissingGroupBy(input: unknown[], groupBy: string[], note: (line: string) => void): void {
  const objects = input.flatMap((row, i) => (row !== null && typeof row === "object" && !Array.isArray(row) ? [{ row, i }] : []));
  if (objects.length === 0) return;
  for (const field of groupBy) {
    const lacking = objects.filter(({ row }) => !followPath(row, field.split(".")).found);
    if (lacking.length === 0) continue;
    if (lacking.length === objects.length) {
      note(`group by ${field}: no row has this field, so all rows are in one group with an empty ${field} — check the field's name`);
      continue;
    }
    const shown = lacking.slice(0, 5).map(({ i }) => `row ${i + 1}`).join(", ");
    note(`group by ${field}: ${lacking.length} of ${objects.length} rows have no such field (${shown}${lacking.length > 5 ? ", …" : ""}); they are grouped under an empty ${field}`);
  }
}

async function addComputed(ctx: StepContext, row: Row, computed: { name: string; expression: string }[]): Promise<Row> {
  for (const c of computed) {
    try {
      setField(row, c.name, await evaluateExpression(c.expression, { resolveRef: bindReference(ctx), input: row, extra: { ...row }, isolationKey: ctx.workspaceId, signal: ctx.signal }));
    } catch (e) {
      if (e instanceof StepError) throw e;
      throw new StepError(`computed column "${c.name}": ${describeExpressionError(e)}`);
    }
  }
  return row;
}

export const executeSummarize: StepExecutor = async (ctx) => {
  const config = summarizeConfig.parse(ctx.step.config);
  const { value: input } = ctx.resolve(config.input);
  if (!Array.isArray(input)) {
    const got = input === null ? "nothing" : Array.isArray(input) ? "a list" : typeof input === "object" ? "an object" : `a ${typeof input}`;
    throw new StepError(`input must be a list of rows; ${config.input} gave ${got}`);
  }
  const aggregates: Aggregate[] = config.aggregates.length ? config.aggregates : [{ name: "count", op: "count" }];
  const notes = new Set<string>();
  const note = (line: string) => notes.add(line);
  noteNonObjects(input, note);
  noteMissingGroupBy(input, config.groupBy, note);
  const numericFields = noteNotNumbers(input, aggregates, note);
  const buckets = new Map<string, { keys: Row; rows: unknown[] }>();
  for (const row of input) {
    const keys = Object.fromEntries(config.groupBy.map((f) => [f, fieldOf(row, f)]));
    const id = JSON.stringify(config.groupBy.map((f) => keys[f]));
    const bucket = buckets.get(id) ?? { keys, rows: [] };
    bucket.rows.push(row);
    buckets.set(id, bucket);
  }
  const summarize = (keys: Row, rows: unknown[]) => ({ ...keys, ...Object.fromEntries(aggregates.map((a) => [a.name, aggregate(rows, a, numericFields, note)])) });
  const groups: Row[] = [];
  const turn = eventLoopTurns(ctx);
  for (const b of buckets.values()) {
    groups.push(await addComputed(ctx, summarize(b.keys, b.rows), config.computed));
    if (config.computed.length > 0) await turn();
  }
  const totals = await addComputed(ctx, summarize({}, input), config.computed);

  const columns = [...config.groupBy, ...aggregates.map((a) => a.name), ...config.computed.map((c) => c.name)];
  const rows = groups.map((g) => columns.map((c) => g[c]));
  if (config.groupBy.length > 0) rows.push(columns.map((c, i) => (i === 0 ? "**Total**" : config.groupBy.includes(c) ? "" : totals[c])));
  for (const line of notes) ctx.log(line);
  return { output: { groups, totals, table: markdownTable(columns, rows) } };
};
