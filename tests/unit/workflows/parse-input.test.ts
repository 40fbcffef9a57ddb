import { describe, expect, it } from "vitest";
import { parseLimit } from "@/lib/api/parse-limit";
import { parseWorkflowInput } from "@/lib/workflows/parse-workflow-input";

describe("parseLimit", () => {
  const u = (q: string) => `http://x.test/runs${q}`;
  it("defaults to 50 and accepts 1..500", () => {
    expect(parseLimit(u(""))).toBe(50);
    expect(parseLimit(u("?limit="))).toBe(50);
    expect(parseLimit(u("?limit=1"))).toBe(1);
    expect(parseLimit(u("?limit=500"))).toBe(500);
  });
  it.each(["501", "100000", "9999999999999999999"])("takes limit=%s as the most there is, 500", (v) => {
    expect(parseLimit(u(`?limit=${v}`))).toBe(500);
    expect(parseLimit(u(`?limit=${v}`), { fallback: 50, max: 200 })).toBe(200);
  });
  it.each(["0", "-1", "abc", "2.5", "1e2", "00"])("rejects limit=%s with a 400", (v) => {
    expect(() => parseLimit(u(`?limit=${v}`))).toThrow(/limit must be a whole number from 1 \(at most 500; default 50\)/);
  });
});

describe("parseWorkflowInput", () => {
  it("accepts the contract's body and an optional version", () => {
    expect(parseWorkflowInput({ name: " A ", steps: [{ kind: "webhook", config: {} }], version: 2 })).toMatchObject({ name: "A", version: 2 });
    expect(parseWorkflowInput({ name: "A" }, { creating: true })).toEqual({ name: "A", steps: [] });
    // A PUT without steps keeps the stored ones, so none are implied here.
    expect(parseWorkflowInput({ name: "A" })).toEqual({ name: "A" });
  });
  it("names the step by number for a bad step", () => {
    expect(() => parseWorkflowInput({ name: "A", steps: [{ kind: "webhook", config: {} }, { kind: "nope", config: {} }] })).toThrow(/^step 2: kind: /);
    expect(() => parseWorkflowInput({ name: "A", steps: [{ kind: "http", name: "x".repeat(201), config: {} }] })).toThrow(/^step 1 \(HTTP Request\): name: /);
  });
  it("says what is wrong with a name in words, missing, not text or too long", () => {
    for (const body of [{ steps: [] }, { name: null }, { name: "  " }]) expect(() => parseWorkflowInput(body)).toThrow(/^name: give the workflow a name$/);
    expect(() => parseWorkflowInput({ name: 5 })).toThrow(/^name: must be text$/);
    expect(() => parseWorkflowInput({ name: "x".repeat(201) })).toThrow(/^name: must be at most 200 characters$/);
    expect(() => parseWorkflowInput({ name: "A", steps: [{ kind: "http", name: "x".repeat(201), config: {} }] })).toThrow(/^step 1 \(HTTP Request\): name: must be at most 200 characters$/);
  });
  it("a step's needed value left out is the same as sent empty (a Draft saves it unfinished)", () => {
    const { steps } = parseWorkflowInput({ name: "A", steps: [{ kind: "http" }, { kind: "parse_json", config: {} }, { kind: "wait", config: { mode: "until" } }] }, { creating: true });
    expect(steps.map((s) => s.config)).toEqual([{ url: "" }, { input: "" }, { mode: "until", at: "" }]);
    // A value sent is kept, and a wrong one still refused.
    expect(parseWorkflowInput({ name: "A", steps: [{ kind: "http", config: { url: "https://a.test" } }] }).steps?.[0].config).toEqual({ url: "https://a.test" });
    expect(() => parseWorkflowInput({ name: "A", steps: [{ kind: "http", config: { metod: "POST" } }] }, { creating: true })).toThrow(/^step 1 \(HTTP Request\): unknown field "config.metod"/);
  });

  it("reports other problems as invalid_request", () => {
    expect(() => parseWorkflowInput({ steps: [] })).toThrow(expect.objectContaining({ code: "invalid_request", status: 400 }));
  });
});
