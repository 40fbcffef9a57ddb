-- Scheduler (lib/triggers/fire-due-schedules.ts): the latest occurrence a Live schedule has
-- handled, or when its schedule took effect (went Live, cron or time zone changed). The
-- per-minute check runs the occurrences after it.
ALTER TABLE "Workflow" ADD COLUMN "scheduledThrough" TIMESTAMP(3);

-- Live schedules from before carry on from what the old pg-boss schedule already covered: the
-- later of their last scheduled run and when that schedule took effect. The latest run alone is
-- not enough: a workflow made Draft and Live again (or Live after an old run) had its schedule
-- re-created then, and the occurrences before that must not run now.
UPDATE "Workflow" w SET "scheduledThrough" = (SELECT max(r."scheduledFor") FROM "Run" r WHERE r."workflowId" = w.id)
WHERE w.mode = 'live' AND w."triggerKind" = 'scheduler';

-- The old version kept one pg-boss schedule per Live workflow (queue scheduler-fire, key = the
-- workflow id), deleted on Draft and re-created on Live; updated_on (>= created_on) is its last
-- change of cron or time zone. A fresh install may not have pg-boss's schema yet (the worker
-- creates it), hence the check and the dynamic statement. GREATEST ignores a NULL.
DO $$
BEGIN
  IF to_regclass('pgboss.schedule') IS NOT NULL THEN
    EXECUTE $q$
      UPDATE "Workflow" w SET "scheduledThrough" = GREATEST(w."scheduledThrough", s.updated_on AT TIME ZONE 'UTC')
      FROM pgboss.schedule s
      WHERE s.name = 'scheduler-fire' AND s.key = w.id AND w.mode = 'live' AND w."triggerKind" = 'scheduler'
    $q$;
  END IF;
END $$;

-- Neither a run nor a schedule: from now on.
UPDATE "Workflow" w SET "scheduledThrough" = CURRENT_TIMESTAMP AT TIME ZONE 'UTC'
WHERE w.mode = 'live' AND w."triggerKind" = 'scheduler' AND w."scheduledThrough" IS NULL;
