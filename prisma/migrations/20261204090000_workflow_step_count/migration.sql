-- The number of steps, for the Workflows list, kept by PostgreSQL as the trigger columns are
-- (20261124110000_workflow_trigger_columns): the list counted them by reading every workflow's
-- whole json definition, Testing data included (up to 1 MB each), into the web process on each
-- load and each 15 s refresh of an open list.
ALTER TABLE "Workflow"
  ADD COLUMN "stepCount" INTEGER GENERATED ALWAYS AS (CASE WHEN json_typeof("steps") = 'array' THEN json_array_length("steps") ELSE 0 END) STORED;
