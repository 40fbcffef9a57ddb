-- A re-push that changes the trigger's kind stops (or newly issues) the client's webhook URL; the
-- client's review now says so. Null for earlier copies: nothing recorded, nothing claimed.
ALTER TABLE "WorkflowCopy" ADD COLUMN "webhookUrlChange" TEXT;
