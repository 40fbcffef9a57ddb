-- What the last push changed in where the copy sends the client's secrets: each step that now
-- sends a secret to an origin it did not go to before ([{stepId, number, name, secrets, from, to}],
-- lib/push/secret-destinations.ts), kept for the client's review, which says so above its
-- checklist. Earlier copies have none to say.
ALTER TABLE "WorkflowCopy" ADD COLUMN "secretDestinations" JSONB NOT NULL DEFAULT '[]';
