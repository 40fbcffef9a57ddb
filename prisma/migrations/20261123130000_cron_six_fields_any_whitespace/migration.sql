-- 20261122160000_cron_five_fields again, for the six-field crons it left: it trimmed and split
-- on spaces only. A Scheduler cron of six fields (seconds first) is refused since pg-boss
-- schedules by the minute; a Live workflow holding one would silently lose its schedule. Its
-- seconds field is dropped: the schedule it actually ran on until now. Fields are split on any whitespace
-- (tabs and line breaks too, as cron-parser reads them) and the five kept are joined by one
-- space. The version moves so an editor open on the workflow takes the new text.
UPDATE "Workflow"
SET "steps" = jsonb_set("steps", '{0,config,cron}', to_jsonb(array_to_string(
      (regexp_split_to_array(regexp_replace("steps"->0->'config'->>'cron', '^\s+|\s+$', '', 'g'), '\s+'))[2:6], ' '))),
    "version" = "version" + 1
WHERE "steps"->0->>'kind' = 'scheduler'
  AND jsonb_typeof("steps"->0->'config'->'cron') = 'string'
  AND array_length(regexp_split_to_array(regexp_replace("steps"->0->'config'->>'cron', '^\s+|\s+$', '', 'g'), '\s+'), 1) = 6;
