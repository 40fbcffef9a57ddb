// Summarize on awkward input: a sum past the largest double reads the same in the table and in
// groups/totals (null, with a log line saying why), and rows that are not objects are named in
// the step's log instead of vanishing from the aggregates in silence.
import { describe, expect, it } from "vitest";
import { executeSummarize } from "@/lib/steps/executors/summarize";
import { resolvingContext } from "../helpers/resolving-context";

const run = async (rows: unknown[], config: Record<string, unknown>) => {
  const ctx = resolvingContext("summarize", { input: "{{ 1.rows }}", ...config }, { 1: { rows } });
  const { output } = await executeSummarize(ctx);
  return { output: output as { groups: Record<string, unknown>[]; totals: Record<string, unknown>; table: string }, lines: ctx.lines };
};

describe("summarize on awkward input", () => {
  it("gives an overflowing sum as null everywhere and says so in the log", async () => {
    const { output, lines } = await run([{ g: "a", c: 1e308 }, { g: "a", c: 1e308 }], { groupBy: ["g"], aggregates: [{ name: "c", op: "sum", field: "c" }, { name: "mean", op: "avg", field: "c" }] });
    expect(output.groups).toEqual([{ g: "a", c: null, mean: 1e308 }]);
    expect(output.totals).toEqual({ c: null, mean: 1e308 });
    expect(output.table).not.toContain("Infinity");
    expect(output.table.split("\n")[2]).toBe("| a |  | 1e+308 |");
    expect(JSON.parse(JSON.stringify(output))).toEqual(output);
    expect(lines).toEqual(['sum "c" of c is beyond the largest number JSON can hold (±1.8e308), so it is null']);
  });

  it("names rows that are not objects in the log", async () => {
    const { output, lines } = await run([{ cost: 5 }, 1, null, "x", { cost: 7 }], { groupBy: [], aggregates: [{ name: "total", op: "sum", field: "cost" }] });
    expect(output.totals).toEqual({ total: 12 });
    expect(lines).toEqual(['3 of 5 rows are not objects (row 2: 1, row 3: null, row 4: "x"): they have no fields to group by or aggregate']);
  });

  it("logs nothing for ordinary rows", async () => {
    const { lines } = await run([{ cost: 5 }, { cost: 7 }], { groupBy: [], aggregates: [{ name: "total", op: "sum", field: "cost" }] });
    expect(lines).toEqual([]);
  });
});
