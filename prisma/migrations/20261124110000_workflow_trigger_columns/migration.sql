-- What the webhook intake and the scheduler need of a workflow's trigger (step 1), as columns
-- PostgreSQL keeps up to date itself whenever "steps" is written, by any writer. "steps" is json
-- (text, 20261124100000_json_key_order): every -> parses it whole, so a lookup that read these
-- from it paid for the trigger's Testing data (up to 1 MB) on every delivery — 34 ms against
-- 2.7 ms as jsonb, measured with 1 MB of Testing data. Stored generated columns are computed on
-- write only.
ALTER TABLE "Workflow"
  ADD COLUMN "triggerStepId" TEXT GENERATED ALWAYS AS ("steps" -> 0 ->> 'id') STORED,
  ADD COLUMN "triggerKind" TEXT GENERATED ALWAYS AS ("steps" -> 0 ->> 'kind') STORED,
  ADD COLUMN "triggerSecretEncrypted" TEXT GENERATED ALWAYS AS (NULLIF("steps" -> 0 -> 'config' ->> 'sharedSecretEncrypted', '')) STORED,
  ADD COLUMN "triggerSignatureHeader" TEXT GENERATED ALWAYS AS (NULLIF("steps" -> 0 -> 'config' ->> 'signatureHeader', '')) STORED;
