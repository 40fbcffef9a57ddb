import { describe, expect, it } from "vitest";
import { executeSummarize, markdownTable } from "@/lib/steps/executors/summarize";
import { StepError } from "@/lib/steps/executors/types";
import { resolvingContext } from "../helpers/resolving-context";

const devices = [
  { dept: { name: "Sales" }, model: "T14", cost: 1200, expires: "2026-12-01" },
  { dept: { name: "Sales" }, model: "X1", cost: "1500.50", expires: "2026-11-20" },
  { dept: { name: "Ops" }, model: "T14", cost: 1200, expires: "2027-01-15" },
  { dept: { name: "Ops" }, model: "T14", cost: null, expires: "2026-12-24" },
];

describe("summarize step", () => {
  it("keeps $count and $sum as JSONata's functions beside the default count column", async () => {
    const rows = [{ team: "a" }, { team: "a" }, { team: "b" }, { team: "b" }];
    const ctx = resolvingContext(
      "summarize",
      { input: "{{ 1.rows }}", groupBy: ["team"], computed: [{ name: "share", expression: "$round(count / $count({{ 1.rows }}), 2)" }] },
      { 1: { rows } },
    );
    const { output } = await executeSummarize(ctx);
    expect((output as { groups: unknown[] }).groups).toEqual([
      { team: "a", count: 2, share: 0.5 },
      { team: "b", count: 2, share: 0.5 },
    ]);
  });

  it("groups, aggregates, computes columns and builds a Markdown table", async () => {
    const ctx = resolvingContext(
      "summarize",
      {
        input: "{{ 2.body.devices }}",
        groupBy: ["dept.name"],
        aggregates: [
          { name: "devices", op: "count" },
          { name: "budget", op: "sum", field: "cost" },
          { name: "avg_cost", op: "avg", field: "cost" },
          { name: "first_expiry", op: "min", field: "expires" },
          { name: "max_cost", op: "max", field: "cost" },
        ],
        computed: [{ name: "with_tax", expression: "$round(budget * {{ 1.tax }}, 2)" }],
      },
      { 1: { tax: 1.2 }, 2: { body: { devices } } },
    );
    const { output } = await executeSummarize(ctx);
    expect(output).toEqual({
      groups: [
        { "dept.name": "Sales", devices: 2, budget: 2700.5, avg_cost: 1350.25, first_expiry: "2026-11-20", max_cost: 1500.5, with_tax: 3240.6 },
        { "dept.name": "Ops", devices: 2, budget: 1200, avg_cost: 1200, first_expiry: "2026-12-24", max_cost: 1200, with_tax: 1440 },
      ],
      totals: { devices: 4, budget: 3900.5, avg_cost: 1300.1666666667, first_expiry: "2026-11-20", max_cost: 1500.5, with_tax: 4680.6 },
      table: [
        "| dept.name | devices | budget | avg_cost | first_expiry | max_cost | with_tax |",
        "| --- | --- | --- | --- | --- | --- | --- |",
        "| Sales | 2 | 2700.50 | 1350.25 | 2026-11-20 | 1500.50 | 3240.60 |",
        "| Ops | 2 | 1200 | 1200 | 2026-12-24 | 1200 | 1440 |",
        "| **Total** | 4 | 3900.50 | 1300.17 | 2026-11-20 | 1500.50 | 4680.60 |",
      ].join("\n"),
    });
  });

  it("counts rows when no aggregate is given", async () => {
    const { output } = await executeSummarize(resolvingContext("summarize", { input: "{{ 1.rows }}" }, { 1: { rows: [1, 2, 3] } }));
    expect(output).toMatchObject({ groups: [{ count: 3 }], totals: { count: 3 } });
  });

  it("fails clearly when the input is not a list", async () => {
    await expect(executeSummarize(resolvingContext("summarize", { input: "{{ 1.rows }}" }, { 1: { rows: { a: 1 } } }))).rejects.toThrow(StepError);
    await expect(executeSummarize(resolvingContext("summarize", { input: "{{ 1.rows }}" }, { 1: {} }))).rejects.toThrow(/gave nothing/);
  });

  it("escapes pipes and newlines in table cells", () => {
    expect(markdownTable(["a|b"], [["x\ny"]])).toBe("| a\\|b |\n| --- |\n| x y |");
  });
});
