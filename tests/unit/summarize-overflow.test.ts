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

  it("gives min and max of 200,000 rows (spreading them as arguments overflowed the stack)", async () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ g: i % 2 ? "odd" : "even", v: (i * 7919) % 200_003 }));
    const { output } = await run(rows, { groupBy: ["g"], aggregates: [{ name: "mn", op: "min", field: "v" }, { name: "mx", op: "max", field: "v" }] });
    const vs = rows.map((r) => r.v);
    expect(output.totals).toEqual({ mn: vs.reduce((a, b) => Math.min(a, b)), mx: vs.reduce((a, b) => Math.max(a, b)) });
    expect(output.groups.map((g) => g.g)).toEqual(["even", "odd"]);
  });

  it("keeps a computed column named __proto__ and refuses one that is a function", async () => {
    const { output } = await run([{ g: "a", v: 1 }], { groupBy: ["g"], aggregates: [{ name: "__proto__", op: "count" }], computed: [{ name: "__proto__", expression: "{ 'x': 1 }" }, { name: "n", expression: "$count([1, 2])" }] });
    expect(JSON.parse(JSON.stringify(output.totals))).toEqual(JSON.parse('{"__proto__":{"x":1},"n":2}'));
    expect(JSON.stringify(output.groups)).toBe('[{"g":"a","__proto__":{"x":1},"n":2}]');
    await expect(run([{ g: "a" }], { computed: [{ name: "f", expression: "$count" }] })).rejects.toThrow('computed column "f": the expression gives a function, not a value');
  });

  it("logs nothing for ordinary rows", async () => {
    const { lines } = await run([{ cost: 5 }, { cost: 7 }], { groupBy: [], aggregates: [{ name: "total", op: "sum", field: "cost" }] });
    expect(lines).toEqual([]);
  });
});
