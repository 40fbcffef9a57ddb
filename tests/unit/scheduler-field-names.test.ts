import { describe, expect, it } from "vitest";
import { checkSteps, describeProblem } from "@/lib/editor/check-steps";
import { formField } from "@/lib/editor/form-field";
import type { EditorStep } from "@/lib/editor/step-ops";

const scheduler = (config: Record<string, unknown>): EditorStep[] => [{ id: "s1", kind: "scheduler", name: "Scheduler", config } as EditorStep];

describe("the Scheduler's header notes name its fields as its panel does", () => {
  it("Cron expression and Time zone, not cron and timezone", () => {
    expect(checkSteps(scheduler({ cron: "*/5 * * * * *", timezone: "UTC" })).map(describeProblem)).toEqual([
      "step 1 (Scheduler): Cron expression: must be a cron expression with 5 fields (minute hour day-of-month month day-of-week) or a macro such as @daily; schedules fire at most once a minute, so there is no seconds field",
    ]);
    expect(checkSteps(scheduler({ cron: "0 8 * * *", timezone: "Mars/Olympus" })).map(describeProblem)).toEqual(["step 1 (Scheduler): Time zone: must be an IANA time zone such as UTC or Europe/Berlin"]);
    expect(formField("scheduler", ["timezone"])).toEqual({ path: ["timezone"], label: "Time zone" });
  });

  it("a Webhook's Signature header is named by its label and filed under its field", () => {
    const [p] = checkSteps([{ id: "w", kind: "webhook", name: "Webhook", config: { signatureHeader: "X Bad Header" } } as EditorStep]);
    expect(p).toMatchObject({ field: "signatureHeader", message: "Signature header: must be a valid HTTP header name" });
  });
});
