// A Wait's `at` field is labelled as every message about it names it, "Until (date and time)":
// the form once said "At" above "Until (date and time) is required".
import { describe, expect, it } from "vitest";
import { checkConfig } from "@/lib/editor/check-steps";
import { describeSchema } from "@/lib/editor/form-model";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { STEP_CATALOG } from "@/lib/steps/catalog";

describe("the Wait step's until field", () => {
  it("the form's label is the one its messages use", () => {
    const spec = describeSchema(STEP_CATALOG.wait.config, "wait");
    if (spec.type !== "union") throw new Error("union expected");
    const until = spec.options.find((o) => o.value === "until")!.spec;
    const at = until.fields.find((f) => f.key === "at")!;
    const [missing] = findMissingFields("wait", { mode: "until", at: "" });
    expect(missing.message).toBe(`${at.label} is required`);
    expect(at.label).toBe("Until (date and time)");
  });

  it("a value of the wrong type is named by that label too", () => {
    expect(checkConfig("wait", { mode: "until", at: 5 })[0].message).toMatch(/^Until \(date and time\): /);
    // Other steps' labels are unchanged.
    expect(checkConfig("http", { method: "GET", url: "https://x.test/", timeoutMs: 5 })[0].message).toMatch(/^Timeout \(ms\): /);
  });
});
