import { describe, expect, it } from "vitest";
import { describeSchema } from "@/lib/editor/form-model";
import { keepSwitchedChoice, specAt, type ChoiceMemory } from "@/lib/editor/union-choices";
import { STEP_CATALOG } from "@/lib/steps/catalog";

const http = describeSchema(STEP_CATALOG.http.config, "http");
const wait = describeSchema(STEP_CATALOG.wait.config, "wait");
type Config = Record<string, unknown>;

describe("one-of fields keep what each choice held", () => {
  it("brings an HTTP JSON body back after switching Body to raw and back", () => {
    const memory: ChoiceMemory = new Map();
    const json: Config = { method: "POST", url: "https://x.test", body: { type: "json", json: { a: 1, b: [2] } } };
    const raw = keepSwitchedChoice(http, json, { ...json, body: { type: "raw", raw: "" } }, ["body"], memory);
    expect(raw.body).toEqual({ type: "raw", raw: "" });
    const typed: Config = { ...raw, body: { type: "raw", raw: "hello", contentType: "text/plain" } };
    const back = keepSwitchedChoice(http, typed, { ...typed, body: { type: "json" } }, ["body"], memory);
    expect(back).toEqual(json);
    // …and the raw text is kept too, for the next switch.
    expect(keepSwitchedChoice(http, back, { ...back, body: { type: "raw", raw: "" } }, ["body"], memory).body).toEqual(typed.body);
  });

  it("leaves other edits alone", () => {
    const memory: ChoiceMemory = new Map();
    const before = { url: "a", body: { type: "raw", raw: "x" } };
    const after = { url: "a", body: { type: "raw", raw: "xy" } };
    expect(keepSwitchedChoice(http, before, after, ["body", "raw"], memory)).toBe(after);
    expect(keepSwitchedChoice(http, before, { ...before, url: "ab" }, ["url"], memory)).toEqual({ ...before, url: "ab" });
    expect(memory.size).toBe(0);
  });

  it("works where the step's whole config is the choice (a Wait's mode)", () => {
    const memory: ChoiceMemory = new Map();
    const duration: Config = { mode: "duration", seconds: 900 };
    const until = keepSwitchedChoice(wait, duration, { mode: "until", at: "" } as Config, [], memory);
    expect(keepSwitchedChoice(wait, until, { mode: "duration", seconds: 120 }, [], memory)).toEqual(duration);
  });

  it("finds a field's spec through a one-of choice", () => {
    expect(specAt(http, { body: { type: "raw" } }, ["body", "raw"])).toMatchObject({ type: "text" });
    expect(specAt(http, {}, ["body"])).toMatchObject({ type: "union", discriminator: "type" });
    expect(specAt(http, {}, ["nope"])).toBeUndefined();
  });
});
