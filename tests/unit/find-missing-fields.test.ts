// What a step still needs before it can run: empty required text is listed with a readable
// label and its config path (a Draft saves such steps; Live and runs refuse them).
import { describe, expect, it } from "vitest";
import { defaultConfig } from "@/lib/editor/default-config";
import { STEP_CATALOG, STEP_KINDS } from "@/lib/steps/catalog";
import { findMissingFields, isNeededIn } from "@/lib/steps/find-missing-fields";

const branchId = () => "br_1";

describe("findMissingFields", () => {
  it("every step as added from the Tools dock passes its catalog schema, so it can be saved", () => {
    for (const kind of STEP_KINDS) expect(STEP_CATALOG[kind].config.safeParse(defaultConfig(kind, branchId)).success, kind).toBe(true);
  });

  it("names the empty fields of the steps that start unfinished", () => {
    expect(findMissingFields("http", defaultConfig("http", branchId))).toEqual([{ field: "url", label: "URL", message: "URL is required" }]);
    expect(findMissingFields("ai_prompt", defaultConfig("ai_prompt", branchId)).map((m) => m.message)).toEqual([
      "Prompt is required",
      "Account is required (an OpenAI-compatible app connection)",
    ]);
    expect(findMissingFields("summarize", defaultConfig("summarize", branchId)).map((m) => m.message)).toEqual(["Input is required"]);
    expect(findMissingFields("parse_json", defaultConfig("parse_json", branchId)).map((m) => m.field)).toEqual(["input"]);
    // A new Conditions step's rule compares "" with "": held for every run, it sent each one down
    // its branch (to "stop") on a Live workflow. Its two values are to be filled in.
    expect(findMissingFields("conditions", defaultConfig("conditions", branchId))).toEqual([
      { field: "branches.0.rules.0.left", label: "Branch 1 rule 1 value", message: "Branch 1 rule 1 value is required" },
      {
        field: "branches.0.rules.0.right",
        label: "Branch 1 rule 1 value to compare with",
        message: "Branch 1 rule 1 value to compare with is required (to test for an empty value, use the operator is empty)",
      },
    ]);
    for (const kind of ["webhook", "scheduler", "code", "transform", "wait"] as const) expect(findMissingFields(kind, defaultConfig(kind, branchId)), kind).toEqual([]);
  });

  it("a Code step with no code to run: empty, blank or only comments (it ran and returned null)", () => {
    const messages = (code: string) => findMissingFields("code", { code, timeoutMs: 5000 }).map((m) => `${m.field}: ${m.message}`);
    expect(messages("")).toEqual(["code: Code is required"]);
    expect(messages(" \n\t ")).toEqual(["code: Code is required"]);
    expect(messages("// to do\n  /* later\n */\n")).toEqual(["code: Code is required (it holds only comments)"]);
    expect(messages("// a note\nreturn 1")).toEqual([]);
    expect(messages('return "// not a comment"')).toEqual([]);
    expect(messages("/* unclosed")).toEqual([]);
  });

  it("a Conditions rule needs both values, but for exists and is empty, which look at one", () => {
    const rules = (...r: unknown[]) => ({ branches: [{ id: "b", name: "Critical", match: "all", rules: r, target: "stop" }], otherwise: { target: null } });
    const fields = (config: unknown) => findMissingFields("conditions", config as Record<string, unknown>).map((m) => m.field);
    expect(fields(rules({ left: "{{ 1.severity }}", op: "equals", right: "critical" }))).toEqual([]);
    expect(fields(rules({ left: "{{ 1.severity }}", op: "equals", right: " " }))).toEqual(["branches.0.rules.0.right"]);
    expect(fields(rules({ left: "{{ 1.severity }}", op: "gt" }))).toEqual(["branches.0.rules.0.right"]);
    expect(fields(rules({ left: "{{ 1.tags }}", op: "in_list", right: [] }))).toEqual(["branches.0.rules.0.right"]);
    expect(fields(rules({ left: "{{ 1.count }}", op: "equals", right: 0 }))).toEqual([]);
    expect(fields(rules({ left: "{{ 1.host }}", op: "exists" }, { left: "{{ 1.note }}", op: "is_empty", right: "" }))).toEqual([]);
    expect(fields(rules({ left: "", op: "exists" }))).toEqual(["branches.0.rules.0.left"]);
    // So the form calls "Compare with" optional only where it is.
    expect(isNeededIn("conditions", ["branches", 0, "rules", 1, "right"], { op: "gt" })).toBe(true);
    expect(isNeededIn("conditions", ["branches", 0, "rules", 1, "right"], { op: "exists" })).toBe(false);
  });

  it("numbers list items, counts blank text as empty, and skips fields that do not apply", () => {
    const http = { url: "  ", headers: [{ name: "X-Ok", value: "" }, { name: "", value: "v" }], body: { type: "form", fields: [{ name: "", value: "" }] } };
    expect(findMissingFields("http", http)).toEqual([
      { field: "url", label: "URL", message: "URL is required" },
      { field: "headers.1.name", label: "Header 2 name", message: "Header 2 name is required" },
      { field: "body.fields.0.name", label: "Form field 1 name", message: "Form field 1 name is required" },
    ]);
    expect(findMissingFields("http", { url: "https://x.test", body: { type: "json" } })).toEqual([]);
    expect(findMissingFields("wait", { mode: "duration", seconds: 5 })).toEqual([]);
    expect(findMissingFields("wait", { mode: "until", at: "" }).map((m) => m.field)).toEqual(["at"]);
    const summarize = { input: "{{ 1 }}", aggregates: [{ name: "n", op: "count" }, { name: "total", op: "sum" }], groupBy: [""] };
    expect(findMissingFields("summarize", summarize).map((m) => m.message)).toEqual([
      "Group-by field 1 is required",
      "Aggregate 2 field is required (sum, avg, min and max need one)",
    ]);
  });
});
