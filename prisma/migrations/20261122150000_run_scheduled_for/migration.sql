-- The Scheduler occurrence a run was made for, unique per workflow: two firing jobs for one
-- occurrence (pg-boss's missed-run catch-up plus the due slot, or two workers) insert one run,
-- the other finds the key taken (ON CONFLICT DO NOTHING). Runs from before stay null: some
-- databases already hold such doubles, and a past occurrence is never fired again.
ALTER TABLE "Run" ADD COLUMN "scheduledFor" TIMESTAMP(3);

CREATE UNIQUE INDEX "Run_workflowId_scheduledFor_key" ON "Run"("workflowId", "scheduledFor");
