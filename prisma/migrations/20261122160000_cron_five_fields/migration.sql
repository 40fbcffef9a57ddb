-- A Scheduler cron of six fields (seconds first) is refused since pg-boss schedules by the
-- minute (lib/triggers/check-cron.ts); one saved before would no longer pass the catalog, and
-- a Live workflow holding it would silently lose its schedule. Its seconds field is dropped:
-- the minute-level schedule it actually ran on until now. The version moves so an editor open
-- on the workflow takes the new text.
UPDATE "Workflow"
SET "steps" = jsonb_set("steps", '{0,config,cron}', to_jsonb(regexp_replace(btrim("steps"->0->'config'->>'cron'), '^\S+\s+', ''))),
    "version" = "version" + 1
WHERE "steps"->0->>'kind' = 'scheduler'
  AND jsonb_typeof("steps"->0->'config'->'cron') = 'string'
  AND array_length(regexp_split_to_array(btrim("steps"->0->'config'->>'cron'), '\s+'), 1) = 6;
