// Counts read as words: one of a thing, or several, never "thing(s)".
import { describe, expect, it } from "vitest";
import { plural } from "@/lib/plural";

describe("plural", () => {
  it("uses the singular for exactly one and the plural otherwise", () => {
    expect(plural(1, "step")).toBe("1 step");
    expect(plural(0, "step")).toBe("0 steps");
    expect(plural(2, "step")).toBe("2 steps");
    expect(plural(1, "entry", "entries")).toBe("1 entry");
    expect(plural(3, "step arrives", "steps arrive")).toBe("3 steps arrive");
  });
});
