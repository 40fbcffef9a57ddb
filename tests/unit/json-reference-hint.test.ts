import { describe, expect, it } from "vitest";
import { unquotedReferenceHint } from "@/lib/steps/json-reference-hint";

describe("a bare reference in JSON text", () => {
  it("says to quote it, naming the reference", () => {
    const hint = 'put the reference in quotes ("{{ 1.severity }}"): a text that is exactly one reference takes its value with its type (a number stays a number)';
    expect(unquotedReferenceHint('{"a": {{ 1.severity }} }')).toBe(hint);
    expect(unquotedReferenceHint('{"list": [1, {{ 1.severity }}]}')).toBe(hint);
    expect(unquotedReferenceHint("{{ 1.severity }}")).toBe(hint);
  });

  it("says nothing for other errors, valid JSON, or a quoted reference", () => {
    expect(unquotedReferenceHint('{"a": }')).toBeNull();
    expect(unquotedReferenceHint('{"a": "{{ 1.severity }}"}')).toBeNull();
    expect(unquotedReferenceHint('{"a": 1,}')).toBeNull();
  });
});
