// $max, $min and $sort on long lists in Data Transformation fields and Summarize computed columns
// (lib/steps/jsonata-list-functions.ts): JSONata's own overflowed the stack (max, min) or, for
// $sort, took seconds and gigabytes past the 1 s limit, and killed the worker from about 50,000
// values. The replacements must give what JSONata's give on ordinary lists.
import jsonata from "jsonata";
import { describe, expect, it } from "vitest";
import { evaluateExpression } from "@/lib/steps/evaluate-expression";

const run = (expression: string, list: unknown) => evaluateExpression(expression, { resolveRef: () => list });

describe("list functions on long lists", () => {
  it("gives $max, $min and $sort of 200,000 values at once", async () => {
    const nums = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 200_003);
    const started = Date.now();
    expect(await run("$max({{ 1.n }})", nums)).toBe(nums.reduce((a, b) => Math.max(a, b)));
    expect(await run("$min({{ 1.n }})", nums)).toBe(nums.reduce((a, b) => Math.min(a, b)));
    expect(await run("$sort({{ 1.n }})", nums)).toEqual([...nums].sort((a, b) => a - b));
    expect(await run("$sort({{ 1.n }}, function($a, $b) { $a < $b })[0]", nums.slice(0, 2_000))).toBe(Math.max(...nums.slice(0, 2_000)));
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("keeps a comparator function under the expression's 1 s limit", async () => {
    const nums = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 200_003);
    const started = Date.now();
    await expect(run("$sort({{ 1.n }}, function($a, $b) { $a > $b })", nums)).rejects.toThrow(/timeout after 1000 milliseconds/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("gives what JSONata's own give on ordinary lists, stable order, errors and empty lists included", async () => {
    const rows = [{ k: 2, n: "a" }, { k: 1, n: "b" }, { k: 2, n: "c" }, { k: 1, n: "d" }, { k: 3, n: "e" }];
    const cases: [string, unknown][] = [
      ["$sort({{ 1.x }})", [3, 1, 2, 1.5, -4]],
      ["$sort({{ 1.x }})", ["b", "a", "B", "ä", ""]],
      ["$sort({{ 1.x }}, function($l, $r) { $l.k > $r.k }).n", rows],
      ["$sort({{ 1.x }}, function($l, $r) { $l.k < $r.k }).n", rows],
      ["$sort({{ 1.x }})", [1]],
      ["$sort({{ 1.x }})", []],
      ["$max({{ 1.x }})", [3, -1, 7.5]],
      ["$min({{ 1.x }})", [3, -1, 7.5]],
      ["$max({{ 1.x }})", []],
      ["$min({{ 1.x }})", 4],
      ["$sort({{ 1.x }})", [1, "a"]],
      ["$max({{ 1.x }})", ["a"]],
    ];
    for (const [expression, x] of cases) {
      const ours = await run(expression, x).then((v) => ({ v }), (e: { code?: string }) => ({ code: e.code }));
      const source = expression.replace("{{ 1.x }}", "$x");
      const theirs = await jsonata(source).evaluate({}, { x }).then((v: unknown) => ({ v: v === undefined ? null : JSON.parse(JSON.stringify(v)) }), (e: { code?: string }) => ({ code: e.code }));
      expect(ours, `${expression} on ${JSON.stringify(x)}`).toEqual(theirs);
    }
  });

  it("gives the same on the sandbox path, where an expression holding a regular expression runs", async () => {
    const nums = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 200_003);
    const viaSandbox = (expression: string, list: unknown) => run(`($unused := /x/; ${expression})`, list);
    expect(await viaSandbox("$max({{ 1.n }})", nums)).toBe(nums.reduce((a, b) => Math.max(a, b)));
    expect(await viaSandbox("$min({{ 1.n }})", nums)).toBe(nums.reduce((a, b) => Math.min(a, b)));
    const sorted = [...nums].sort((a, b) => a - b);
    expect(await viaSandbox("[$sort({{ 1.n }})[0], $sort({{ 1.n }})[-1], $count($sort({{ 1.n }}))]", nums)).toEqual([sorted[0], sorted.at(-1), nums.length]);
    const rows = [{ k: 2, n: "a" }, { k: 1, n: "b" }, { k: 2, n: "c" }, { k: 1, n: "d" }];
    expect(await viaSandbox("$sort({{ 1.x }}, function($l, $r) { $l.k > $r.k }).n", rows)).toEqual(["b", "d", "a", "c"]);
    await expect(viaSandbox("$sort({{ 1.x }})", [1, "a"])).rejects.toMatchObject({ code: "D3070" });
  });
});
