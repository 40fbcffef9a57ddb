import { describe, expect, it } from "vitest";
import { evaluateRule, RuleError } from "@/lib/steps/evaluate-rule";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { SEEN_DEFAULT_DAYS, seenKeyText, seenWindowDays } from "@/lib/steps/seen-before";

const dedup = (right?: unknown) => ({ branches: [{ id: "dup", rules: [{ left: "{{ 1.alertId }}", op: "seen_before", ...(right === undefined ? {} : { right }) }], target: "stop" }] });

describe("was already seen: the id and its window", () => {
  it("takes a text as sent, a number as it shows (42 is \"42\"), anything else as JSON; nothing in it is no id", () => {
    expect(seenKeyText("alert-42")).toBe("alert-42");
    expect(seenKeyText(" a ")).toBe(" a ");
    expect(seenKeyText(42)).toBe(seenKeyText("42"));
    expect(seenKeyText({ id: 1 })).toBe('{"id":1}');
    for (const none of [null, undefined, "", "   "]) expect(seenKeyText(none)).toBeNull();
  });

  it("remembers 30 days unless told a whole number of days from 1 to 3,650", () => {
    expect(SEEN_DEFAULT_DAYS).toBe(30);
    expect(seenWindowDays("")).toEqual({ days: 30 });
    expect(seenWindowDays(undefined)).toEqual({ days: 30 });
    expect(seenWindowDays(" 7 ")).toEqual({ days: 7 });
    expect(seenWindowDays(3650)).toEqual({ days: 3650 });
    for (const bad of ["0", "1.5", "-1", "3651", "a week", 0.5]) expect(seenWindowDays(bad)).toHaveProperty("error");
  });

  it("is a complete rule without days; days that are not a window are said before a run", () => {
    expect(findMissingFields("conditions", dedup())).toEqual([]);
    expect(findMissingFields("conditions", dedup(""))).toEqual([]);
    expect(findMissingFields("conditions", dedup("14"))).toEqual([]);
    expect(findMissingFields("conditions", dedup("{{ vars.DEDUP_DAYS }}"))).toEqual([]);
    expect(findMissingFields("conditions", dedup("x")).map((m) => m.message)).toEqual([
      'Branch 1 rule 1 days to remember: must be a whole number of days from 1 to 3,650 (empty: 30); got "x"',
    ]);
  });

  it("is answered only in a run, which asks the database", () => {
    expect(() => evaluateRule("alert-42", "seen_before", null)).toThrow(RuleError);
  });
});
