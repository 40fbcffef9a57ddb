import { describe, expect, it } from "vitest";
import { sameJson } from "@/lib/editor/same-json";

describe("sameJson", () => {
  it("a server copy with jsonb's key order is the same value as what was sent", () => {
    expect(sameJson({ zz: 1, aa: 2, n: { b: [1, { y: 1, x: 2 }], a: null } }, { aa: 2, n: { a: null, b: [1, { x: 2, y: 1 }] }, zz: 1 })).toBe(true);
    expect(sameJson({ a: 1, gone: undefined }, { a: 1 })).toBe(true);
    expect(sameJson(undefined, undefined)).toBe(true);
  });

  it("a different value is different (undo, someone else's version)", () => {
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson(null, undefined)).toBe(false);
    expect(sameJson("1", 1)).toBe(false);
    expect(sameJson({ a: undefined }, { a: null })).toBe(false);
  });
});
