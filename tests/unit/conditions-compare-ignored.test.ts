import { describe, expect, it } from "vitest";
import { isIgnoredIn } from "@/lib/steps/find-missing-fields";

describe("a rule's Compare with for exists and is empty", () => {
  it("is ignored there (the form hides it), used for every other operator", () => {
    const at = ["branches", 0, "rules", 1, "right"];
    expect(isIgnoredIn("conditions", at, { op: "exists", right: "old" })).toBe(true);
    expect(isIgnoredIn("conditions", at, { op: "is_empty" })).toBe(true);
    expect(isIgnoredIn("conditions", at, { op: "equals" })).toBe(false);
    expect(isIgnoredIn("conditions", ["branches", 0, "rules", 1, "left"], { op: "exists" })).toBe(false);
  });
});
