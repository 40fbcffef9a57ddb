-- Scheduler (lib/triggers/fire-due-schedules.ts): the latest occurrence a Live schedule has
-- handled, or when its schedule took effect (went Live, cron or time zone changed). The
-- per-minute check runs the occurrences after it. Live schedules from before carry on from their
-- last scheduled run (or from now).
ALTER TABLE "Workflow" ADD COLUMN "scheduledThrough" TIMESTAMP(3);

UPDATE "Workflow" w SET "scheduledThrough" = COALESCE(
  (SELECT max(r."scheduledFor") FROM "Run" r WHERE r."workflowId" = w.id),
  CURRENT_TIMESTAMP AT TIME ZONE 'UTC')
WHERE w.mode = 'live' AND w."triggerKind" = 'scheduler';
