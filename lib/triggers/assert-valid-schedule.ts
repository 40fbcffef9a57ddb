// A Scheduler trigger whose cron names a value out of range (hour 25, day of week 8) is a 400
// `invalid_schedule` naming the field, wherever a Live schedule is about to change: going Live,
// and saving a Live workflow (which would otherwise keep firing on its old schedule while
// showing the new one, the reconcile logging the error every minute).
import { AppError } from "@/lib/api/errors";
import { checkCron } from "@/lib/triggers/check-cron";

export function assertValidSchedule(cron: string, timezone: string): void {
  const wrong = checkCron(cron, timezone);
  if (wrong) throw new AppError(400, "invalid_schedule", `step 1 (Scheduler): ${wrong}`, { step: 1, field: "cron" });
}
