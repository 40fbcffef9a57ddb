import { describe, expect, it } from "vitest";
import { findUnstorableJson, unstorableText } from "@/lib/api/find-unstorable-json";
import { parseExactJson } from "@/lib/json/parse-exact-json";

describe("findUnstorableJson", () => {
  it("accepts ordinary JSON, surrogate pairs (emoji) included", () => {
    expect(findUnstorableJson({ name: "Ticket 😀", steps: [{ config: { a: [1, null, true, "ü"] } }] })).toBeNull();
    expect(unstorableText("fine")).toBeNull();
  });

  it("names where a NUL or an unpaired surrogate is, in values and in keys", () => {
    expect(findUnstorableJson(JSON.parse('{"steps":[{"name":"a\\u0000b"}]}'))).toEqual({ path: "steps.0.name", problem: expect.stringMatching(/NUL character/) });
    expect(findUnstorableJson(JSON.parse('{"x":{"t":"\\udfff"}}'))).toEqual({ path: "x.t", problem: expect.stringMatching(/unpaired UTF-16 surrogate/) });
    expect(findUnstorableJson(JSON.parse('{"x":"\\ud800z"}'))?.path).toBe("x");
    expect(findUnstorableJson(JSON.parse('{"a":{"k\\u0000":1}}'))).toEqual({ path: "a", problem: expect.stringMatching(/^has a key that contains the NUL/) });
  });

  it("names a number beyond the double range, which JSON.parse made ±Infinity and JSON.stringify would store as null", () => {
    expect(findUnstorableJson(JSON.parse('{"a":[1,{"n":-1e400}]}'))).toEqual({ path: "a.1.n", problem: "is a number beyond ±1.8e308, the largest a number can be here" });
    expect(findUnstorableJson(JSON.parse("1e999999"))?.path).toBe("");
    expect(findUnstorableJson(JSON.parse('{"n":1e308}'))).toBeNull();
    // Kept as written (parse-exact-json.ts) it is a value that can be stored.
    expect(findUnstorableJson(parseExactJson('{"n":1e400}'))).toBeNull();
  });

  it("walks a wide body deep down in little memory (a path is built only for a problem)", () => {
    // 500 levels, then a million numbers: a path copied per child would need ~500 M slots.
    const text = "[".repeat(500) + "0,".repeat(1_000_000) + "0" + "]".repeat(500);
    const before = process.memoryUsage().heapUsed;
    expect(findUnstorableJson(JSON.parse(text))).toBeNull();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(200 * 1024 * 1024);
  });

  it("refuses nesting deeper than 512 levels, without recursing", () => {
    const deep = (n: number) => JSON.parse("[".repeat(n) + "]".repeat(n));
    expect(findUnstorableJson(deep(512))).toBeNull();
    expect(findUnstorableJson(deep(513))?.problem).toBe("is nested deeper than 512 levels");
    expect(findUnstorableJson(deep(100_000))?.problem).toBe("is nested deeper than 512 levels");
  });
});
