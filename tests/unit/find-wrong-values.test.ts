// Values filled in but wrong in a way known before any run — an expression that does not parse, a
// `matches` pattern that does not compile, a Wait "until" no run can read — are held like empty
// ones (a Draft saves them, Live refuses them), judged with the code the run itself uses. They
// were saved, went Live, and failed every run.
import { describe, expect, it } from "vitest";
import { executeWait } from "@/lib/steps/executors/wait";
import type { StepContext } from "@/lib/steps/executors/types";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { instantOf } from "@/lib/steps/wait-instant";

const messages = (kind: Parameters<typeof findMissingFields>[0], config: Record<string, unknown>) => findMissingFields(kind, config).map((m) => `${m.field}: ${m.message}`);

describe("values a run could not use", () => {
  it("a Data Transformation field or Summarize computed column that is not an expression", () => {
    expect(messages("transform", { fields: [{ name: "a", expression: "1 +" }, { name: "b", expression: "{{ 1.x }} * 2" }, { name: "c", expression: "$count({{ 1.rows }}" }] })).toEqual([
      "fields.0.expression: Field 1 expression is not a valid expression: Unexpected end of expression [S0207] (at character 3)",
      // A position counted in the text with references replaced is not the user's: left out.
      'fields.2.expression: Field 3 expression is not a valid expression: Expected ")" before end of expression [S0203]',
    ]);
    // References inside string literals and comments are read as a run reads them.
    expect(messages("transform", { fields: [{ name: "a", expression: '"Host {{ 1.host }}" & /* {{ 2 */ "!"' }] })).toEqual([]);
    expect(messages("summarize", { input: "{{ 1.rows }}", computed: [{ name: "share", expression: "count /" }] })).toEqual([
      "computed.0.expression: Computed field 1 expression is not a valid expression: Unexpected end of expression [S0207] (at character 7)",
    ]);
  });

  it("a matches rule whose pattern does not compile, as the Conditions step compiles it", () => {
    const rule = (right: unknown, op = "matches") => ({ branches: [{ id: "b", rules: [{ left: "{{ 1.host }}", op, right }], target: "stop" }] });
    expect(messages("conditions", rule("([a-z"))).toEqual([
      'branches.0.rules.0.right: Branch 1 rule 1 value to compare with: invalid regular expression "([a-z": Invalid regular expression: /([a-z/: Unterminated character class',
    ]);
    expect(messages("conditions", rule("/^srv-\\d+$/i"))).toEqual([]);
    expect(messages("conditions", rule("/(/i"))).toHaveLength(1);
    // A pattern from a reference is only known in a run; the same text under another operator is text.
    expect(messages("conditions", rule("{{ 1.pattern }}"))).toEqual([]);
    expect(messages("conditions", rule("([a-z", "contains"))).toEqual([]);
  });

  it("a Wait until that no run can read, unless it comes from a reference", () => {
    expect(messages("wait", { mode: "until", at: "01.12.2026" })).toEqual([
      'at: Until (date and time): "01.12.2026" is not a date and time this step can read without guessing (use ISO 8601, e.g. 2026-12-01T02:00:00Z, an HTTP date such as Tue, 01 Dec 2026 02:00:00 GMT, or a Unix timestamp in seconds or milliseconds)',
    ]);
    for (const at of ["2026-12-01T02:00:00Z", "2026-12-01", "Tue, 01 Dec 2026 02:00:00 GMT", "1780000000", " 2026-12-01 02:00 "]) expect(messages("wait", { mode: "until", at }), at).toEqual([]);
    expect(messages("wait", { mode: "until", at: "2026-02-30" })).toHaveLength(1);
    expect(messages("wait", { mode: "until", at: "{{ 1.resumeAt }}" })).toEqual([]);
    expect(messages("wait", { mode: "until", at: "{{ 1.day }}T09:00:00Z" })).toEqual([]);
  });

  it("the editor reads an until as the Wait step does", async () => {
    const waitOn = (at: string) =>
      executeWait({ step: { id: "s", kind: "wait", name: "Wait", config: { mode: "until", at } }, resolve: (v: unknown) => ({ value: v, unresolved: [] }) } as unknown as StepContext).then(
        () => true,
        () => false,
      );
    // Instants in the past (the step does not wait) and texts it refuses.
    const table = ["2020-01-01", "2020-01-01T10:00:00Z", "2020-01-01 10:00", "2020-01-01T10:00:00.5+02:00", "Wed, 01 Jan 2020 10:00:00 GMT", "1577872800", "1577872800000", "01.12.2026", "2020-02-30", "2020-01-01T24:00", "Dec 1 2020", "yesterday", "12/01/2020"];
    for (const at of table) expect(Number.isFinite(instantOf(at)), at).toBe(await waitOn(at));
  });
});
