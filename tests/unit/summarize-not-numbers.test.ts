import { describe, expect, it } from "vitest";
import { executeSummarize } from "@/lib/steps/executors/summarize";
import { resolvingContext } from "../helpers/resolving-context";

const rows = [
  { dept: "IT", cost: 10 },
  { dept: "HR", cost: "1,200" },
  { dept: "IT", cost: "$50" },
  { dept: "HR", cost: " 12.5 " },
];

describe("summarize: values that are not numbers", () => {
  it("leaves them out of sum/avg/min/max, never returns a text max beside numbers, and says so in the log", async () => {
    const ctx = resolvingContext(
      "summarize",
      { input: "{{ 1.rows }}", groupBy: ["dept"], aggregates: [{ name: "total", op: "sum", field: "cost" }, { name: "top", op: "max", field: "cost" }, { name: "mean", op: "avg", field: "cost" }] },
      { 1: { rows: rows.slice(0, 3) } },
    );
    const { output } = await executeSummarize(ctx);
    expect(output).toMatchObject({
      groups: [
        { dept: "IT", total: 10, top: 10, mean: 10 },
        { dept: "HR", total: 0, top: null, mean: null },
      ],
      totals: { total: 10, top: 10, mean: 10 },
    });
    expect(ctx.lines).toEqual([`cost: 2 of 3 values are not numbers (row 2: "1,200", row 3: "$50") and are left out of sum "total", max "top", avg "mean"`]);
  });

  it("counts numeric text as a number, with no log line", async () => {
    const ctx = resolvingContext("summarize", { input: "{{ 1.rows }}", aggregates: [{ name: "total", op: "sum", field: "cost" }] }, { 1: { rows: [{ cost: "1200" }, { cost: " 12.5 " }] } });
    const { output } = await executeSummarize(ctx);
    expect(output).toMatchObject({ totals: { total: 1212.5 } });
    expect(ctx.lines).toEqual([]);
  });

  it("still takes min/max of a field that holds only text (ISO dates)", async () => {
    const ctx = resolvingContext("summarize", { input: "{{ 1.rows }}", aggregates: [{ name: "last", op: "max", field: "at" }] }, { 1: { rows: [{ at: "2026-01-02" }, { at: "2026-03-01" }] } });
    expect((await executeSummarize(ctx)).output).toMatchObject({ totals: { last: "2026-03-01" } });
    expect(ctx.lines).toEqual([]);
  });

  it("says when the group-by field is on no row (a typo) or missing on some", async () => {
    const none = resolvingContext("summarize", { input: "{{ 1.rows }}", groupBy: ["dpt"] }, { 1: { rows } });
    expect((await executeSummarize(none)).output).toMatchObject({ groups: [{ dpt: null, count: 4 }] });
    expect(none.lines).toEqual(["group by dpt: no row has this field, so all rows are in one group with an empty dpt — check the field's name"]);

    const some = resolvingContext("summarize", { input: "{{ 1.rows }}", groupBy: ["dept"] }, { 1: { rows: [...rows, { cost: 1 }] } });
    await executeSummarize(some);
    expect(some.lines).toEqual(["group by dept: 1 of 5 rows have no such field (row 5); they are grouped under an empty dept"]);
  });
});
