-- Workflow definitions, run triggers and step outputs as json instead of jsonb: json keeps the
-- text as written, so objects read back with their keys in the order the author, the sender or
-- the step gave them (jsonb orders keys shorter-first, which scrambled every payload shown in
-- the editor). Rows written before keep jsonb's order: the original text is gone.
-- The tables are rewritten once, under their lock, when this migration is applied.
ALTER TABLE "Workflow" ALTER COLUMN "steps" DROP DEFAULT;
ALTER TABLE "Workflow" ALTER COLUMN "steps" SET DATA TYPE JSON USING "steps"::json;
ALTER TABLE "Workflow" ALTER COLUMN "steps" SET DEFAULT '[]';

ALTER TABLE "Run" ALTER COLUMN "trigger" SET DATA TYPE JSON USING "trigger"::json;

ALTER TABLE "RunStep" ALTER COLUMN "output" SET DATA TYPE JSON USING "output"::json;
