// An expression holding a regular expression is evaluated in the sandbox isolate, the others in
// the worker (lib/steps/evaluate-expression.ts): a valid expression must give the same value on
// both paths. Each row runs as written (worker) and with an unused regex bound in front of it,
// which sends the very same expression to the isolate. $base64encode/$base64decode used to fail
// in the isolate, which has no Buffer. Big integers: both paths compute with doubles (the run
// engine reads step outputs as numbers; only step 1's record keeps one beyond 2^53 as written).
import { describe, expect, it } from "vitest";
import { JSONATA_ISOLATE_ENV } from "@/lib/sandbox/jsonata-isolate-env";
import { evaluateExpression } from "@/lib/steps/evaluate-expression";

const data: Record<string, unknown> = {
  s: "INC-42 héllo wörld 😀",
  n: 12.5,
  big: 12345678901234567890,
  list: [3, 1, 2],
  obj: { a: 1, b: [true, null, "x"] },
  when: "2026-11-22T10:15:30.000Z",
  b64: "SU5DLTQyIGjpbGxv",
};
const resolveRef = (ref: string) => data[ref.replace(/[{}\s]/g, "").replace(/^1\./, "")];

const ROWS = [
  "$uppercase({{ 1.s }})",
  "$substring({{ 1.s }}, 0, 6) & '/' & $length({{ 1.s }})",
  "$sum({{ 1.list }}) * {{ 1.n }}",
  "$sort({{ 1.list }})",
  "{{ 1.obj }}.b[0]",
  "$keys({{ 1.obj }})",
  "$string({{ 1.obj }})",
  "$string({{ 1.big }})",
  "{{ 1.big }} + 1",
  "$string(0.1 + 0.2)",
  "$number('1e21')",
  "$formatNumber(1234.5678, '#,##0.00')",
  "$formatInteger(2026, 'w')",
  "$formatBase(255, 16)",
  "$base64encode('INC-42 héllo')",
  "$base64decode({{ 1.b64 }})",
  "$base64decode($base64encode({{ 1.s }}))",
  "$base64decode('SU5D LTQy_-!!==ignored')",
  "$encodeUrlComponent({{ 1.s }})",
  "$decodeUrl('a%20b')",
  "$toMillis({{ 1.when }})",
  "$fromMillis($toMillis({{ 1.when }}) + 86400000)",
  "$fromMillis(0, '[Y0001]-[M01]-[D01] [H01]:[m01]', '+0100')",
  "$toMillis('22/11/2026', '[D01]/[M01]/[Y0001]')",
  "$type($now())",
  "$match({{ 1.s }}, /INC-(\\d+)/)",
  "$match({{ 1.s }}, /(\\w)(o)/)",
  "$replace({{ 1.s }}, /(\\d+)/, '#$1')",
  "$contains({{ 1.s }}, /WÖRLD/i)",
  "$split('a1b2c', /\\d/)",
  "$map({{ 1.list }}, function($v, $i) { $v * $i })",
  "{{ 1.missing }} ? 'yes' : 'no'",
  "$exists({{ 1.missing }})",
  "{'id': $number($match({{ 1.s }}, /\\d+/).match), 'tags': ['a', 'b']}",
];

describe("an expression evaluated in the worker and in the sandbox", () => {
  it.each(ROWS)("%s gives the same value on both paths", async (expression) => {
    const worker = await evaluateExpression(expression, { resolveRef });
    const sandbox = await evaluateExpression(`($unused := /x/; ${expression})`, { resolveRef });
    expect(sandbox).toEqual(worker);
  });

  it("$base64encode/$base64decode work in the sandbox", async () => {
    expect(await evaluateExpression("$contains('x', /x/) ? $base64encode('héllo') : ''", { resolveRef })).toBe("aOlsbG8=");
    expect(await evaluateExpression("$contains('x', /x/) ? $base64decode('aOlsbG8=') : ''", { resolveRef })).toBe("héllo");
  });

  it("the isolate's Buffer reads and writes base64 exactly as Node's does", () => {
    const env = new Function(`${JSONATA_ISOLATE_ENV}; const b = globalThis.Buffer; globalThis.Buffer = Buffer; return b;`) as () => { from(t: string, e: string): { toString(e: string): string } };
    const saved = { global: (globalThis as { global?: unknown }).global, Buffer: globalThis.Buffer };
    let shim: ReturnType<typeof env>;
    try {
      shim = env();
    } finally {
      Object.assign(globalThis, saved);
    }
    // Letters of both base64 alphabets, padding, whitespace and other Latin-1 text (characters
    // beyond it in a base64 text are garbage Node itself reads inconsistently; not mirrored).
    const alphabet = "AQZaqz09+/-_= \n\t!é\u00ff\u0080";
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 2_000; i++) {
      const text = Array.from({ length: next() % 24 }, () => alphabet[next() % alphabet.length]).join("");
      expect(shim.from(text, "base64").toString("binary"), JSON.stringify(text)).toBe(Buffer.from(text, "base64").toString("binary"));
      expect(shim.from(text, "binary").toString("base64"), JSON.stringify(text)).toBe(Buffer.from(text, "binary").toString("base64"));
    }
  });
});
