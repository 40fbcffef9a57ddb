-- What a push needs to tell the client about its own edits of its copy (lib/push/client-edits.ts):
-- each pushed step's id, kind, name and settings fingerprint ("pushedSteps"), so the next push can
-- say which of the client's changes it replaces ("clientEditsReplaced", said by the client's
-- review and the `pushed` audit event), and when the client first changed the copy after the
-- push ("clientEditedAt": its `copy_edited` audit event is recorded once per push). Copies pushed
-- before have no pushedSteps: their next push says that changes were replaced, not which.
ALTER TABLE "WorkflowCopy" ADD COLUMN "pushedSteps" JSONB;
ALTER TABLE "WorkflowCopy" ADD COLUMN "clientEditsReplaced" JSONB;
ALTER TABLE "WorkflowCopy" ADD COLUMN "clientEditedAt" TIMESTAMP(3);
