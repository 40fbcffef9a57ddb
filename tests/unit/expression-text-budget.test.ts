// The texts one expression evaluation builds are counted together (lib/steps/jsonata-text-functions.ts):
// each is within the 16,777,216-character limit, but 300 of them built in one evaluation held the
// worker's memory by the hundreds of MB until the 1 s limit ended them. Past 67,108,864 characters
// the step fails saying so, in the worker and in the sandbox alike. The count is the evaluation's,
// not the compiled expression's, which the worker caches and every run shares.
import { describe, expect, it } from "vitest";
import { evaluateExpression } from "@/lib/steps/evaluate-expression";
import type { Step } from "@/lib/workflows/definition";
import { executeStepAlone } from "@/tests/helpers/execute-step-alone";

const TEXTS: Record<string, string> = { t: "x".repeat(9_000_000), k: "k".repeat(400_000), name: "Contoso" };
const resolveRef = (ref: string) => TEXTS[ref.replace(/[{}\s]/g, "").replace(/^1\./, "")];
const run = (expression: string) => evaluateExpression(expression, { resolveRef });
/** The same expression sent to the sandbox isolate, as one holding a regular expression is. */
const inSandbox = (expression: string) => run(`$contains("x", /x/) ? (${expression}) : null`);
const tooLarge = "expression result too large: more than 67,108,864 characters";

describe("the texts one evaluation builds", () => {
  it("fail the step past 67,108,864 characters together, each within the limit", { timeout: 60_000 }, async () => {
    await expect(run('$count([1..100].$uppercase($pad("", 1000000, "x")))')).rejects.toThrow(tooLarge);
    await expect(run("$count([1..10].$lowercase({{ 1.t }}))")).rejects.toThrow(tooLarge);
    await expect(run('$count([1..10].$join([{{ 1.t }}, $string($)]))')).rejects.toThrow(tooLarge);
    // A new join per item, which a reader then lays out whole.
    await expect(run('$count([1..10].($s := {{ 1.t }} & $string($); $contains($s, "y") ? "" : $s))')).rejects.toThrow(tooLarge);
    await expect(inSandbox("$count([1..10].$uppercase({{ 1.t }}))")).rejects.toThrow(tooLarge);
  });

  it("fail a Data Transformation field naming it", { timeout: 60_000 }, async () => {
    const outcome = await executeStepAlone({ id: "s2", kind: "transform", config: { fields: [{ name: "report", expression: '$count([1..300].$uppercase($pad("", 16000000, "x")))' }] } } as unknown as Step);
    expect(!outcome.ok && outcome.error.message).toMatch(new RegExp(`^field "report": ${tooLarge} `));
  });

  it("are counted per evaluation: the same expression evaluated again starts from nothing", { timeout: 60_000 }, async () => {
    // 64 million characters each time, just within: five evaluations build 320 million between them.
    const within = '$length($uppercase($pad("", 16000000, "x"))) + $length($lowercase($pad("", 16000000, "Y")))';
    for (let i = 0; i < 5; i++) expect(await run(within)).toBe(32_000_000);
    for (let i = 0; i < 3; i++) expect(await inSandbox(within)).toBe(32_000_000);
  });

  it("count a chain of & once: a template of 40 pieces of 400,000 characters is 16 million, not 330", { timeout: 60_000 }, async () => {
    const template = `"${Array.from({ length: 40 }, () => "{{ 1.k }}").join(",")}"`;
    expect(await run(`$length(${template})`)).toBe(40 * 400_000 + 39);
    expect(await run(`$length({{ 1.name }} & ": " & ${template})`)).toBe(40 * 400_000 + 39 + 9);
  });

  it("leave ordinary expressions as they were", async () => {
    expect(await run('$uppercase({{ 1.name }}) & " " & $pad("7", -3, "0") & $join(["a", "b"], ",")')).toBe("CONTOSO 007a,b");
    expect(await run('"Hello {{ 1.name }}, " & $string({"n": 1}) & $formatInteger(3, "w")')).toBe('Hello Contoso, {"n":1}three');
    expect(await run('$base64decode("aGk=") & $decodeUrlComponent("%20a%2Fb") & $decodeUrl("c%20d")')).toBe("hi a/bc d");
  });
});
