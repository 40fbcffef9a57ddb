import { describe, expect, it } from "vitest";
import { strictSchema } from "@/lib/ai/chat-completion";
import { findSchemaMismatches } from "@/lib/ai/find-schema-mismatches";

const problems = (value: unknown, schema: unknown) => findSchemaMismatches(value, schema).problems;

describe("findSchemaMismatches", () => {
  const ticket = strictSchema({
    type: "object",
    properties: { priority: { type: "string", enum: ["low", "medium", "high"] }, summary: { type: "string" } },
  });

  it("names each problem by JSON path, in the schema's order", () => {
    expect(problems({ priority: "urgent!!" }, ticket)).toEqual(['/priority must be one of "low", "medium", "high" (got "urgent!!")', "/summary is missing"]);
    expect(findSchemaMismatches({ priority: "high", summary: "Disk full" }, ticket)).toEqual({ problems: [], more: false, complete: true });
  });

  it("type: one or a list, integer apart from number, null", () => {
    expect(problems("5", { type: "number" })).toEqual(['the answer must be a number (got "5")']);
    expect(problems(1.5, { type: "integer" })).toEqual(["the answer must be an integer (got 1.5)"]);
    expect(problems(2, { type: "integer" })).toEqual([]);
    expect(problems(2.5, { type: "number" })).toEqual([]);
    expect(problems(null, { type: "string" })).toEqual(["the answer must be a string (got null)"]);
    expect(problems(null, { type: ["string", "null"] })).toEqual([]);
    expect(problems(true, { type: ["string", "integer", "null"] })).toEqual(["the answer must be a string, an integer or null (got true)"]);
    expect(problems([1], { type: "object" })).toEqual(["the answer must be an object (got an array)"]);
    expect(problems({}, { type: "array" })).toEqual(["the answer must be an array (got an object)"]);
    expect(problems(1, { type: "boolean" })).toEqual(["the answer must be a boolean (got 1)"]);
  });

  it("required, additionalProperties false or a schema, nested paths", () => {
    const schema = strictSchema({
      type: "object",
      properties: { host: { type: "object", properties: { name: { type: "string" }, ips: { type: "array", items: { type: "string" } } } } },
    });
    expect(problems({ host: { name: "WS-1", ips: ["10.0.0.1", 7] }, extra: 1 }, schema)).toEqual([
      "/host/ips/1 must be a string (got 7)",
      "/extra is not allowed (not one of the schema's properties)",
    ]);
    expect(problems({ host: { ips: [] } }, schema)).toEqual(["/host/name is missing"]);
    expect(problems({ a: 1, b: "x" }, { type: "object", additionalProperties: { type: "number" } })).toEqual(['/b must be a number (got "x")']);
    expect(problems({ "a/b~c": 1 }, { type: "object", properties: { "a/b~c": { type: "string" } } })).toEqual(["/a~1b~0c must be a string (got 1)"]);
    expect(problems({}, { type: "object", required: ["id"] })).toEqual(["/id is missing"]);
  });

  it("enum and const compare JSON values; long lists are shortened", () => {
    expect(problems({ a: [1] }, { enum: [{ a: [1] }] })).toEqual([]);
    expect(problems({ a: [2] }, { enum: [{ a: [1] }] })).toEqual(['the answer must be one of {"a":[1]} (got an object)']);
    expect(problems("v2", { const: "v1" })).toEqual(['the answer must be "v1" (got "v2")']);
    expect(problems("v1", { const: "v1" })).toEqual([]);
    expect(problems(10, { enum: [1, 2, 3, 4, 5, 6, 7, 8, 9] })).toEqual(["the answer must be one of 1, 2, 3, 4, 5, 6, 7, 8, … (9 in all) (got 10)"]);
  });

  it("anyOf: the choice of the answer's type tells its own problems, else each choice's first", () => {
    const schema = strictSchema({ type: "object", properties: { owner: { anyOf: [{ type: "object", properties: { name: { type: "string" } } }, { type: "null" }] } } });
    expect(problems({ owner: null }, schema)).toEqual([]);
    expect(problems({ owner: { name: "Ann" } }, schema)).toEqual([]);
    expect(problems({ owner: {} }, schema)).toEqual(["/owner/name is missing"]);
    expect(problems({ owner: 5 }, schema)).toEqual(["/owner matches none of its anyOf choices [1: /owner must be an object (got 5); 2: /owner must be null (got 5)]"]);
    // An anyOf inside a choice is told without its own details.
    const nested = { anyOf: [{ type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } }, { type: "array", minItems: 5 }] };
    expect(problems([true], nested)).toEqual(["the answer matches none of its anyOf choices [1: /0 matches none of its anyOf choices; 2: the answer must have at least 5 items (got 1)]"]);
  });

  it("$ref to #/$defs, #/definitions and # (recursion), with a guard against loops", () => {
    const tree = strictSchema({
      type: "object",
      properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#" } }, kind: { $ref: "#/definitions/kind" } },
      definitions: { kind: { enum: ["file", "dir"] } },
    });
    expect(problems({ name: "a", kind: "dir", children: [{ name: "b", kind: "file", children: [] }] }, tree)).toEqual([]);
    expect(problems({ name: "a", kind: "dir", children: [{ name: "b", kind: "link", children: [] }] }, tree)).toEqual(['/children/0/kind must be one of "file", "dir" (got "link")']);
    expect(problems({ level: 11 }, { type: "object", properties: { level: { $ref: "#/$defs/level" } }, $defs: { level: { type: "integer", maximum: 10 } } })).toEqual([
      "/level must be at most 10 (got 11)",
    ]);
    const loop = { $ref: "#/$defs/a", $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } } };
    expect(findSchemaMismatches(1, loop)).toEqual({ problems: [], more: false, complete: false });
    expect(problems(1, { $ref: "https://example.com/schema.json" })).toEqual([]); // outside the schema: ignored
  });

  it("numbers: minimum, maximum, exclusive bounds (draft 4's boolean form too)", () => {
    expect(problems(0, { minimum: 1 })).toEqual(["the answer must be at least 1 (got 0)"]);
    expect(problems(1, { exclusiveMinimum: 1 })).toEqual(["the answer must be more than 1 (got 1)"]);
    expect(problems(5, { maximum: 5, exclusiveMaximum: true })).toEqual(["the answer must be less than 5 (got 5)"]);
    expect(problems(6, { maximum: 5 })).toEqual(["the answer must be at most 5 (got 6)"]);
    expect(problems(3, { minimum: 1, maximum: 5, exclusiveMaximum: 6 })).toEqual([]);
  });

  it("lengths: minItems/maxItems, minLength/maxLength in code points", () => {
    expect(problems([], { type: "array", minItems: 1 })).toEqual(["the answer must have at least 1 items (got 0)"]);
    expect(problems([1, 2, 3], { type: "array", maxItems: 2 })).toEqual(["the answer must have at most 2 items (got 3)"]);
    expect(problems("😀😀", { type: "string", maxLength: 2 })).toEqual([]); // 4 UTF-16 units, 2 characters
    expect(problems("😀😀😀", { type: "string", maxLength: 2 })).toEqual(["the answer must have at most 2 characters (got 3)"]);
    expect(problems("ab", { minLength: 3 })).toEqual(["the answer must have at least 3 characters (got 2)"]);
  });

  it("ignores keywords outside the subset: a pattern is never compiled", () => {
    expect(problems("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", { type: "string", pattern: "^(a+)+$", format: "email" })).toEqual([]);
    expect(problems(7, { multipleOf: 2, oneOf: [{ type: "string" }], allOf: [{ type: "string" }] })).toEqual([]);
    // With patternProperties which keys are additional cannot be told without the user's regex.
    expect(problems({ x_1: 1 }, { type: "object", properties: {}, patternProperties: { "^x_": {} }, additionalProperties: false })).toEqual([]);
    expect(problems({ constructor: 1 }, { type: "object", properties: {}, additionalProperties: false })).toEqual(["/constructor is not allowed (not one of the schema's properties)"]);
  });

  it("tells at most 5 problems and whether there are more", () => {
    const schema = strictSchema({ type: "object", properties: Object.fromEntries("abcdefgh".split("").map((k) => [k, { type: "string" }])) });
    expect(findSchemaMismatches({}, schema)).toEqual({ problems: ["/a is missing", "/b is missing", "/c is missing", "/d is missing", "/e is missing"], more: true, complete: true });
    expect(findSchemaMismatches({ a: "", b: "" }, schema).more).toBe(true);
    expect(findSchemaMismatches({ a: "", b: "", c: "" }, schema)).toEqual({ problems: ["/d is missing", "/e is missing", "/f is missing", "/g is missing", "/h is missing"], more: false, complete: true });
    expect(findSchemaMismatches({ a: "", b: "", c: "", d: "", e: "", f: "", g: "" }, schema)).toEqual({ problems: ["/h is missing"], more: false, complete: true });
  });

  it("bounds the work: a huge answer or nested anyOf stops, said as not complete", () => {
    const huge = Array.from({ length: 500_000 }, (_, i) => ({ id: i, tags: ["x"] }));
    const schema = strictSchema({ type: "array", items: { type: "object", properties: { id: { type: "integer" }, tags: { type: "array", items: { type: "string" } } } } });
    // Stopped at the cap (not a timing: without it, the nested anyOf below would walk 2^40 paths).
    expect(findSchemaMismatches(huge, schema)).toEqual({ problems: [], more: false, complete: false });
    expect(findSchemaMismatches(huge.slice(0, 1_000), schema)).toEqual({ problems: [], more: false, complete: true });

    // Every level an anyOf of two choices that both go one level deeper: 2^depth paths.
    const nest = { $defs: { n: { anyOf: [{ type: "array", items: { $ref: "#/$defs/n" } }, { type: "array", items: { $ref: "#/$defs/n" }, minItems: 1 }, { type: "string" }] } }, $ref: "#/$defs/n" };
    let deep: unknown = 5;
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findSchemaMismatches(deep, nest).complete).toBe(false);
  });
});
