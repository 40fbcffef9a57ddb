// The variables a Code step's body reads, in every form a technician writes them: push asks the
// client for exactly these, and the Variables page refuses to delete them while they are read.
import { describe, expect, it } from "vitest";
import { scanRequirements } from "@/lib/push/scan-requirements";
import type { Step } from "@/lib/workflows/definition";
import { findCodeVarReads } from "@/lib/workflows/code-var-reads";

const codeStep = (code: string): Step => ({ id: "c", kind: "code", name: "Code", config: { code, timeoutMs: 1000 } }) as Step;

describe("findCodeVarReads", () => {
  it("reads dot and bracket access, with or without optional chaining", () => {
    expect(findCodeVarReads(`return vars.A + vars["B"] + vars?.C + vars?.["D-1"] + vars ?. E + vars['F'] + vars[\`G\`]`)).toEqual(["A", "B", "C", "D-1", "E", "F", "G"]);
  });

  it("reads destructuring: shorthand, renamed, defaults, quoted keys, nested patterns, assignment", () => {
    expect(findCodeVarReads("const { KEY } = vars;")).toEqual(["KEY"]);
    expect(findCodeVarReads(`const { KEY: k, OTHER = "d", THIRD: t = { x: 1 }, "X-Y": xy } = vars`)).toEqual(["KEY", "OTHER", "THIRD", "X-Y"]);
    expect(findCodeVarReads("let {A, B} = vars;\nreturn A + B")).toEqual(["A", "B"]);
    expect(findCodeVarReads("var {\n  A, // the tenant\n  /* B, */ C,\n} = vars")).toEqual(["A", "C"]);
    expect(findCodeVarReads("let A; ({ A } = vars);")).toEqual(["A"]);
    expect(findCodeVarReads("const { NESTED: { inner }, ...rest } = vars")).toEqual(["NESTED"]);
  });

  it("invents no key: computed reads, rest, other objects' vars, vars.x destructured, comparisons", () => {
    expect(findCodeVarReads("const k = 'A'; return vars[k]")).toEqual([]);
    expect(findCodeVarReads("const { [k]: v, ...rest } = vars")).toEqual([]);
    expect(findCodeVarReads("return steps[1].vars.A + x?.vars.B + my_vars.C + $vars.D")).toEqual([]);
    expect(findCodeVarReads("const { a } = vars.CONFIG")).toEqual(["CONFIG"]);
    expect(findCodeVarReads("if ({} == vars) return 1; const f = ({ a }) => vars")).toEqual([]);
    expect(findCodeVarReads("const { $dollar, ok } = vars; return vars.$x")).toEqual(["ok"]);
    expect(findCodeVarReads("return { ...vars.SPREAD }")).toEqual(["SPREAD"]);
  });

  it("stays linear on a large body full of unmatched patterns", () => {
    const code = "} = vars\n".repeat(20_000);
    const started = performance.now();
    expect(findCodeVarReads(code)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("scanRequirements on a Code step", () => {
  it("lists the variables read with optional chaining and destructuring, which push creates and asks for", () => {
    const steps = [codeStep('const { TENANT, REGION: r = "eu" } = vars;\nlet {A, B} = vars;\nreturn vars?.DOMAIN + vars?.["SITE"] + r + A + B + TENANT')];
    expect(scanRequirements(steps).vars).toEqual(["A", "B", "DOMAIN", "REGION", "SITE", "TENANT"]);
  });
});
