-- What the last push offered each trigger as testing data (a sha256 per step id), so a re-push
-- keeps the client's own testing data instead of replacing it (lib/push/plan-sample-data.ts).
-- Null for copies pushed before: the push then treats anything but the provider's current
-- sample data as the client's.
ALTER TABLE "WorkflowCopy" ADD COLUMN "pushedSampleHashes" JSONB;
