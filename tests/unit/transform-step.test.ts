import { describe, expect, it } from "vitest";
import { executeTransform } from "@/lib/steps/executors/transform";
import { StepError } from "@/lib/steps/executors/types";
import { compileTemplate } from "@/lib/steps/compile-template";
import { resolvingContext } from "../helpers/resolving-context";

const outputs = {
  1: { tenant: "acme", lines: [{ sku: "E3", qty: 10, price: 20 }, { sku: "E5", qty: 2, price: 35.5 }], when: "2026-11-01T02:00:00Z", evil: '" & $eval("1") & "' },
  2: { active: 27 },
  3: { billed: 25 },
};
const run = (fields: { name: string; expression: string }[], outs: Record<number, unknown> = outputs) => executeTransform(resolvingContext("transform", { fields }, outs));

describe("transform step", () => {
  it("does arithmetic on references bound as values", async () => {
    expect((await run([{ name: "variance", expression: "{{ 2.active }} - {{ 3.billed }}" }])).output).toEqual({ variance: 2 });
  });

  it("maps over line items, with string, array and date functions", async () => {
    const { output } = await run([
      { name: "totals", expression: "{{ 1.lines }}.(qty * price)" },
      { name: "sum", expression: "$sum({{ 1.lines }}.(qty * price))" },
      { name: "skus", expression: "$join({{ 1.lines }}.sku, ', ')" },
      { name: "upper", expression: "$uppercase({{ 1.tenant }})" },
      { name: "month", expression: "$substring({{ 1.when }}, 0, 7)" },
      { name: "later", expression: "$fromMillis($toMillis({{ 1.when }}) + 86400000)" },
      { name: "big", expression: "{{ 1.lines }}[qty > 5].sku" },
    ]);
    expect(output).toEqual({ totals: [200, 71], sum: 271, skus: "E3, E5", upper: "ACME", month: "2026-11", later: "2026-11-02T02:00:00.000Z", big: "E3" });
  });

  it("keeps JSONata's functions working after fields named like them (sum, count, string)", async () => {
    const nums = { 1: { nums: [2, 4, 6] } };
    const { output } = await run(
      [
        { name: "sum", expression: "$sum({{ 1.nums }})" },
        { name: "count", expression: "$count({{ 1.nums }})" },
        { name: "string", expression: "'x'" },
        { name: "avg", expression: "$sum({{ 1.nums }}) / $count({{ 1.nums }})" },
        { name: "label", expression: "$string($avg)" },
      ],
      nums,
    );
    expect(output).toEqual({ sum: 12, count: 3, string: "x", avg: 4, label: "4" });
  });

  it("says a number sent as text needs $number(…), and $number makes the arithmetic work", async () => {
    const outs = { 1: {}, 2: { active: 27 }, 3: { billed: "25" } };
    const e = await run([{ name: "variance", expression: "{{ 2.active }} - {{ 3.billed }}" }], outs).catch((x: unknown) => x as StepError);
    expect(e).toBeInstanceOf(StepError);
    expect((e as StepError).message).toBe(
      'field "variance": The right side of the "-" operator must evaluate to a number: a value here is probably text; convert it with $number(…), e.g. $number({{ 2.quantity }}) [T2002] (at character 5)',
    );
    expect((await run([{ name: "variance", expression: "{{ 2.active }} - $number({{ 3.billed }})" }], outs)).output).toEqual({ variance: 2 });
  });

  it("lets later fields read earlier ones and interpolates references in string literals", async () => {
    const { output } = await run([
      { name: "variance", expression: "{{ 2.active }} - {{ 3.billed }}" },
      { name: "over", expression: "$variance > 0" },
      { name: "label", expression: '"Tenant {{ 1.tenant }}: " & $string($variance)' },
    ]);
    expect(output).toEqual({ variance: 2, over: true, label: "Tenant acme: 2" });
  });

  it("treats data as data: a payload that looks like an expression is just text", async () => {
    const { output } = await run([{ name: "x", expression: '"v=" & {{ 1.evil }}' }]);
    expect(output).toEqual({ x: 'v=" & $eval("1") & "' });
  });

  it("does not offer $eval, so payload text never becomes an expression", async () => {
    await expect(run([{ name: "x", expression: "$eval({{ 1.evil }})" }])).rejects.toThrow(/\$eval is not available/);
  });

  it("gives null for a missing reference instead of failing the arithmetic", async () => {
    expect((await run([{ name: "v", expression: "{{ 2.nope }} - 1" }])).output).toEqual({ v: null });
  });

  it("fails the step on a bad expression, naming the field and position", async () => {
    await expect(run([{ name: "bad", expression: "1 +" }])).rejects.toThrow(StepError);
    await expect(run([{ name: "bad", expression: "1 +" }])).rejects.toThrow(/field "bad"/);
  });

  it("stops a runaway expression", async () => {
    await expect(run([{ name: "loop", expression: "($f := function($x){ $f($x + 1) }; $f(0))" }])).rejects.toThrow(/field "loop"/);
  });

  it("fails a field whose expression is a function, not a value, instead of storing JSONata's internals", async () => {
    for (const [expression, where] of [
      ["$count", "the expression gives a function"],
      ["function($x){ $x + 1 }", "the expression gives a function"],
      ["{ 'n': $sum }", "the expression's result holds at n a function"],
    ] as const) {
      const e = await run([{ name: "c2", expression }]).catch((x: unknown) => x);
      expect(e, expression).toBeInstanceOf(StepError);
      expect((e as StepError).message, expression).toBe(`field "c2": ${where}, not a value: call it with its arguments, e.g. $count({{ 1.rows }}) rather than $count`);
    }
    // Called, it is a value as ever.
    expect((await run([{ name: "c", expression: "$count({{ 1.lines }})" }])).output).toEqual({ c: 2 });
  });

  it("keeps a field named __proto__ in the output, readable by later fields, without touching any prototype", async () => {
    const { output } = await run([
      { name: "__proto__", expression: "{ 'polluted': 1 }" },
      { name: "constructor", expression: "2" },
      { name: "b", expression: "$__proto__.polluted" },
      { name: "c", expression: "$polluted" },
    ]);
    expect(Object.keys(output as object)).toEqual(["__proto__", "constructor", "b", "c"]);
    expect(JSON.parse(JSON.stringify(output))).toEqual(JSON.parse('{"__proto__":{"polluted":1},"constructor":2,"b":1,"c":null}'));
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("compiles references to variables, also inside string literals", () => {
    expect(compileTemplate("{{ 2.a }} + {{2.b}} & 'x {{ 1.c }} y' & \"{{ nope }}\"")).toEqual({
      source: "$r0 + $r1 & 'x ' & $r2 & ' y' & \"{{ nope }}\"",
      refs: ["{{ 2.a }}", "{{2.b}}", "{{ 1.c }}"],
    });
  });
});
