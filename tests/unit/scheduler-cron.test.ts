// Scheduler crons: pg-boss schedules by the minute, so a 6-field cron (seconds) is refused at
// save instead of silently firing once a minute; a value out of range is named by its field.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/api/errors";
import { schedulerConfig } from "@/lib/steps/catalog";
import { checkCron } from "@/lib/triggers/check-cron";
import { prepareSteps } from "@/lib/workflows/prepare-steps";

const save = (cron: string) => () => prepareSteps({ input: [{ kind: "scheduler", config: { cron, timezone: "UTC" } }] });

describe("scheduler cron", () => {
  it("a 6-field cron with seconds is refused at save, saying why", () => {
    const e = (() => {
      try {
        save("*/5 * * * * *")();
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    expect((e as AppError).message).toBe(
      "step 1 (Scheduler): cron: must be a cron expression with 5 fields (minute hour day-of-month month day-of-week) or a macro such as @daily; schedules fire at most once a minute, so there is no seconds field",
    );
    expect(save("0 8 * * 1-5")).not.toThrow();
    expect(schedulerConfig.safeParse({ cron: "0 0 1 1 * 2026" }).success).toBe(false);
  });

  it("names the field and its range when a value is out of range", () => {
    expect(checkCron("0 0 * * 8")).toBe('the day of week (5th field, "8") takes 0–7 (0 and 7 are Sunday) or SUN–SAT: 8 is not allowed');
    expect(checkCron("60 * * * *")).toBe('the minute (1st field, "60") takes 0–59: 60 is not allowed');
    expect(checkCron("* * 0 * *")).toBe('the day of month (3rd field, "0") takes 1–31: 0 is not allowed');
    expect(checkCron("* * * 13 *")).toBe('the month (4th field, "13") takes 1–12 or JAN–DEC: 13 is not allowed');
    expect(checkCron("*/0 * * * *")).toMatch(/^the minute \(1st field, "\*\/0"\) takes 0–59: /);
    expect(checkCron("0 0 31 2 *")).toMatch(/never fires/);
    expect(checkCron("*/5 * * * * *")).toMatch(/has 6 fields: a cron has 5/);
    for (const ok of ["0 0 * * 7", "0 0 * * 0", "0 8 * * MON-FRI", "0 2 1 * *", "0 0 L * *"]) expect(checkCron(ok, "Europe/Berlin")).toBeNull();
  });
});
