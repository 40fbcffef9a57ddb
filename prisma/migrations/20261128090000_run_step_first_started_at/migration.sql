-- When a step's first attempt started (lib/runs/write-progress.ts keeps it across retries):
-- "startedAt" is the latest attempt's, so a step retried 5 times over 33 s read "Took 2 ms".
-- Existing records keep it null (the UI then names the last attempt's time as such).
ALTER TABLE "RunStep" ADD COLUMN "firstStartedAt" TIMESTAMP(3);
