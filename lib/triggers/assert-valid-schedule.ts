// A Scheduler trigger whose cron pg-boss would refuse or misread (hour 25, a range 5-1, */0, H,
// @reboot) is a 400 `invalid_schedule` naming the field and what it takes (check-cron.ts),
// wherever a Live schedule is about to change: going Live,
// and saving a Live workflow (which would otherwise keep firing on its old schedule while
// showing the new one, the reconcile logging the error every minute).
import { AppError } from "@/lib/api/errors";
import { checkCron } from "@/lib/triggers/check-cron";

export function assertValidSchedule(cron: string, timezone: string): void {
  const wrong = checkCron(cron, timezone);
  if (wrong) throw new AppError(400, "invalid_schedule", `step 1 (Scheduler): ${wrong}`, { step: 1, field: "cron" });
}
