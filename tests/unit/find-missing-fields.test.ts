// What a step still needs before it can run: empty required text is listed with a readable
// label and its config path (a Draft saves such steps; Live and runs refuse them).
import { describe, expect, it } from "vitest";
import { defaultConfig } from "@/lib/editor/default-config";
import { STEP_CATALOG, STEP_KINDS } from "@/lib/steps/catalog";
import { findMissingFields } from "@/lib/steps/find-missing-fields";

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
    for (const kind of ["webhook", "scheduler", "code", "conditions", "transform", "wait"] as const) expect(findMissingFields(kind, defaultConfig(kind, branchId)), kind).toEqual([]);
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
