// `&`, $join, $string, $replace, $encodeUrl(Component), $base64encode, $uppercase, $lowercase and
// the picture functions ($fromMillis, $now, $formatNumber …) refuse a result over 16,777,216
// characters, and $split, $contains and $replace a text over it, in the worker and in the sandbox
// alike (lib/steps/jsonata-text-functions.ts): `&` doubled in a $reduce joined 500 million
// characters for nothing, and whatever read them next laid them out whole (seconds and gigabytes of
// the worker's memory). A text passed in by reference is built with repeat, which V8 keeps as a few
// joined pieces: a 20-million-character one costs nothing until something reads it. Ordinary
// values stay JSONata's own.
import jsonata from "jsonata";
import { describe, expect, it } from "vitest";
import { evaluateExpression } from "@/lib/steps/evaluate-expression";
import type { Step } from "@/lib/workflows/definition";
import { executeStepAlone } from "@/tests/helpers/execute-step-alone";

const TEXTS: Record<string, string> = {
  t: "x".repeat(9_000_000),
  h: "x".repeat(8_388_608), // two of these are the limit exactly
  u: "x".repeat(20_000_000),
  e: "é".repeat(3_000_000),
  b: "x".repeat(13_000_000),
  z: "ß".repeat(9_000_000),
  i: "İ".repeat(9_000_000),
  q: "x".repeat(4_000_000),
  aa: "aa",
};
const resolveRef = (ref: string) => TEXTS[ref.replace(/[{}\s]/g, "").replace(/^1\./, "")];
const run = (expression: string) => evaluateExpression(expression, { resolveRef });
/** The same expression sent to the sandbox isolate, as one holding a regular expression is. */
const inSandbox = (expression: string) => run(`$contains("x", /x/) ? (${expression}) : null`);
const most = "at most 16,777,216 (a step's output may be at most 16 MB)";

describe("$split's item count and $formatInteger's grouping separators", () => {
  const items = "at most 1,000,000 (as many as a range [1..n] may hold)";
  it("$split gives at most 1,000,000 items, counted before the list is made", { timeout: 30_000 }, async () => {
    await expect(run('$split({{ 1.t }}, "")')).rejects.toThrow(`$split: a result of 9,000,000 items; ${items}`);
    await expect(run('$split({{ 1.t }}, "x")')).rejects.toThrow(`$split: a result of at least 1,000,001 items; ${items}`);
    await expect(run('$split({{ 1.t }}, "", 2000000)')).rejects.toThrow(`$split: a result of 2,000,000 items; ${items}`);
    await expect(inSandbox('$split({{ 1.t }}, "")')).rejects.toThrow(`$split: a result of 9,000,000 items; ${items}`);
    expect(await run('$count($split($pad("", 1000000, "x"), ""))')).toBe(1_000_000);
    expect(await run('$count($split({{ 1.t }}, "", 1000000))')).toBe(1_000_000);
    expect(await run('$count($split($pad("", 1999998, "x,"), ","))')).toBe(1_000_000);
    expect(await run('$count($split("a1b2c", /[0-9]/))')).toBe(3);
  });

  it("$formatInteger takes a picture of at most 1,000 grouping separators, however it is called", async () => {
    const why = "at most 1,000 (each is inserted by copying the digits so far)";
    const picture = (groups: number) => `$join([1..${groups}].("0"), ",")`;
    await expect(run(`$formatInteger(1, ${picture(20000)})`)).rejects.toThrow(`$formatInteger: a picture of 19,999 grouping separators; ${why}`);
    await expect(run(`1 ~> $formatInteger(${picture(1002)})`)).rejects.toThrow(`$formatInteger: a picture of 1,001 grouping separators; ${why}`);
    await expect(inSandbox(`$formatInteger(1, ${picture(1002)})`)).rejects.toThrow(`$formatInteger: a picture of 1,001 grouping separators; ${why}`);
    expect(await run(`$length($formatInteger(1, ${picture(1001)}))`)).toBe(2001);
    expect(await run('$formatInteger(1234567, "#,##0")')).toBe("1,234,567");
    expect(await run('1234567 ~> $formatInteger("0,00,000")')).toBe("12,34,567");
    expect(await run('$formatInteger(1234, "#,##0;o") & " " & $formatInteger(42, "w")')).toBe("1,234th forty-two");
  });
});

describe("text functions and & over the limit", () => {
  const refused: [string, string][] = [
    ["{{ 1.t }} & {{ 1.t }}", `&: a result of 18,000,000 characters; ${most}`],
    ['$reduce([1..25], function($a, $i) { $a & $a }, "xxxxxxxxxxxxxxx")', `&: a result of 31,457,280 characters; ${most}`],
    ["{{ 1.u }} & {{ 1.u }}", `&: a result of at least 20,000,000 characters; ${most}`],
    ['{{ 1.t }} & {"a": {{ 1.t }}}', `&: a result of 18,000,008 characters; ${most}`],
    ['$join([{{ 1.t }}, {{ 1.t }}], ",")', `$join: a result of 18,000,001 characters; ${most}`],
    ["$string([{{ 1.t }}, {{ 1.t }}])", `$string: a result of 18,000,007 characters; ${most}`],
    ["$string([1..40].{{ 1.t }}, true)", `$string: a result of at least 18,000,004 characters; ${most}`],
    ['$replace({{ 1.t }}, "x", "yy")', `$replace: a result of 18,000,000 characters; ${most}`],
    ['$replace({{ 1.u }}, "y", "z")', `$replace: a text of 20,000,000 characters; ${most}`],
    ['$split({{ 1.u }}, ",")', `$split: a text of 20,000,000 characters; ${most}`],
    ['$contains({{ 1.u }}, "y")', `$contains: a text of 20,000,000 characters; ${most}`],
    ["$encodeUrlComponent({{ 1.e }})", `$encodeUrlComponent: a result of 18,000,000 characters; ${most}`],
    ["$encodeUrl({{ 1.e }})", `$encodeUrl: a result of 18,000,000 characters; ${most}`],
    ["$encodeUrl({{ 1.u }})", `$encodeUrl: a result of at least 20,000,000 characters; ${most}`],
    ['$fromMillis(0, "[Y,500000000]")', `$fromMillis: a result of at least 250,000,000 characters; ${most}`],
    ['$now("[Y,500000000]") & "!"', `$now: a result of at least 250,000,000 characters; ${most}`],
    ["$base64encode({{ 1.b }})", `$base64encode: a result of 17,333,336 characters; ${most}`],
    ["$uppercase({{ 1.z }})", `$uppercase: a result of 18,000,000 characters; ${most}`],
    ["$lowercase({{ 1.i }})", `$lowercase: a result of 18,000,000 characters; ${most}`],
  ];

  it.each(refused)("%s fails naming the function and the limit", async (expression, message) => {
    await expect(run(expression)).rejects.toThrow(message);
  });

  it("refuses the same in the sandbox, a regex $replace and $split included", { timeout: 30_000 }, async () => {
    await expect(inSandbox("{{ 1.t }} & {{ 1.t }}")).rejects.toThrow(`&: a result of 18,000,000 characters; ${most}`);
    await expect(inSandbox("$join([{{ 1.t }}, {{ 1.t }}])")).rejects.toThrow(`$join: a result of 18,000,000 characters; ${most}`);
    await expect(run("$replace({{ 1.aa }}, /a/, {{ 1.t }})")).rejects.toThrow(`$replace: a result of 18,000,000 characters; ${most}`);
    await expect(run("$split({{ 1.u }}, /,/)")).rejects.toThrow(`$split: a text of 20,000,000 characters; ${most}`);
  });

  it("gives results up to the limit", { timeout: 30_000 }, async () => {
    expect(await run("$length({{ 1.h }} & {{ 1.h }})")).toBe(16_777_216);
    expect(await run("$length($join([{{ 1.h }}, {{ 1.h }}]))")).toBe(16_777_216);
    expect(await run('$length($replace("abab", "a", {{ 1.q }}))')).toBe(8_000_002);
    expect(await run('$count($split({{ 1.t }}, "x", 3))')).toBe(3);
    expect(await run('$contains({{ 1.t }} & {{ 1.aa }}, "a")')).toBe(true);
    expect(await run('$length($string([1..3].$pad("", 5000000, "x")))')).toBe(15_000_010);
    expect(await run('$length($encodeUrlComponent($pad("", 2000000, "é")))')).toBe(12_000_000);
    expect(await run('$length($base64encode($pad("", 12000000, "x")))')).toBe(16_000_000);
    // Emoji are one character each, as $length counts: 10 million of them are within the limit.
    expect(await run('$length($pad("", 5000000, "😀") & $pad("", 5000000, "😀"))')).toBe(10_000_000);
    expect(await inSandbox('$length($pad("", 8388608, "x") & $pad("", 8388608, "x"))')).toBe(16_777_216);
  });
});

describe("a value far over 16 MB", () => {
  const transform = (fields: { name: string; expression: string }[]) => executeStepAlone({ id: "s2", kind: "transform", config: { fields } } as unknown as Step);
  const advice = "a step's output may be at most 16 MB (return a summary, or what a later step needs)";

  it("is refused before its JSON is written, as an expression's value and as a step's output", { timeout: 30_000 }, async () => {
    // One text of 16 million characters, built once and listed 30 times (30 built would pass the
    // budget of the texts one evaluation builds: expression-text-budget.test.ts).
    const one = await transform([{ name: "v", expression: '($x := $pad("", 16000000, "x"); [1..30].($x))' }]);
    expect(!one.ok && one.error.message).toBe(`field "v": the expression's value is at least 30.5 MB as JSON; ${advice}`);
    // One object held twice at each of 24 levels: 16 million objects to write as JSON, counted only until over.
    const shared = await transform([{ name: "v", expression: '$reduce([1..24], function($a, $i) { {"l": $a, "r": $a} }, {})' }]);
    expect(!shared.ok && shared.error.message).toBe(`field "v": the expression's value is at least 16 MB as JSON; ${advice}`);
    const fields = [0, 1, 2].map((i) => ({ name: `f${i}`, expression: '$pad("", 6000000, "x")' }));
    const many = await transform(fields);
    expect(!many.ok && many.error.message).toBe(`the output is at least 17.1 MB as JSON; ${advice}`);
  });
});

describe("the bounded functions and & on ordinary text", () => {
  // Values and errors compared with JSONata's own functions on generated texts, patterns and limits.
  let seed = 11;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const alphabet = ["a", "b", "ab", "$", "$0", "$1", "$$", "0", " ", "é", "😀", ",", "ß", "%", "/", "?"];
  const text = () => Array.from({ length: next(7) }, () => alphabet[next(alphabet.length)]).join("");
  const plain = [
    "$x & $p",
    "$x & $n & {\"a\": [$x, 1/3, true, null]} & $sum",
    "$string({\"a\": [$x, 1/3, {\"b\": $p}]}, true)",
    "$string([$x, $p, 0.1 + 0.2])",
    "$string($x)",
    "$join([$x, $p, $r], $p)",
    "$join([$x, $p])",
    "$split($x, $p)",
    "$split($x, $p, $n)",
    '$split($x, "")',
    "$contains($x, $p)",
    "$replace($x, $p, $r)",
    "$replace($x, $p, $r, $n)",
    "$encodeUrlComponent($x)",
    "$encodeUrl($x)",
    "$base64encode($x)",
    "$uppercase($x) & $lowercase($p)",
    '$fromMillis(1700000000000 + $n, "[Y0001]-[M01]-[D01] [H01]:[m01] " & $p)',
    '1700000000000 ~> $fromMillis("[Y,2]")',
    '$formatNumber(1234.5 * $n, "#,##0.00")',
    '$formatInteger($n * 12, "w") & $formatBase(255 + $n, 16)',
    '$fromMillis(0, "[Y," & ($n + 1) & "]")[0]',
  ];
  const regex = ["$replace($x, /a+/, $r)", "$replace($x, /(a)(b)?/, $r, $n)", "$split($x, /[ab]/, $n)", "$contains($x, /b$/)", '$replace($x, /a/, function($m) { $uppercase($m.match) & "!" })'];

  async function compare(expression: string, bindings: Record<string, unknown>) {
    const ours = await evaluateExpression(expression, { resolveRef, extra: bindings }).then(
      (v) => ({ v }),
      (e: { code?: string }) => ({ code: e.code }),
    );
    const theirs = await jsonata(expression)
      .evaluate({}, bindings)
      .then(
        (v: unknown) => ({ v: v === undefined ? null : JSON.parse(JSON.stringify(v)) }),
        (e: { code?: string }) => ({ code: e.code }),
      );
    expect(ours, `${expression} with ${JSON.stringify(bindings)}`).toEqual(theirs);
  }

  it("give what JSONata's own give", { timeout: 60_000 }, async () => {
    for (let i = 0; i < 200; i++) {
      const bindings = { x: text(), p: text(), r: text(), n: next(4) - (next(8) === 0 ? 1 : 0) };
      for (const expression of plain) await compare(expression, bindings);
    }
  });

  it("give what JSONata's own give with a regular expression, in the sandbox", { timeout: 60_000 }, async () => {
    for (let i = 0; i < 60; i++) {
      const bindings = { x: text(), r: text(), n: next(4) };
      for (const expression of regex) await compare(expression, bindings);
    }
  });
});
