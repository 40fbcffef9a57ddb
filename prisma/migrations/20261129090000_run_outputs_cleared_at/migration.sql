-- When retention cleared a finished run's trigger payload along with its steps' outputs and logs
-- (RETENTION_STEP_OUTPUT_DAYS, lib/retention/retention-sql.ts): the payload is step 1's output,
-- and keeping it in "trigger" until the run was deleted defeated the setting. Set, the run view
-- says why trigger and outputs are null and Run again refuses in words. Existing runs keep it
-- null; the next retention pass clears the payload of those already past the age and sets it.
ALTER TABLE "Run" ADD COLUMN "outputsClearedAt" TIMESTAMP(3);
