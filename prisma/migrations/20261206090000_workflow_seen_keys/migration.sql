-- The Conditions operator "was already seen" (seen_before, lib/runs/record-seen-key.ts): the ids
-- each workflow's live runs got to such a rule with, so a sender's repeat of an event can be told
-- from a new one (spec, Events 4). One row per (workflow, id): the first live run that reached the
-- rule records it with INSERT … ON CONFLICT, so of two runs at once exactly one finds it new.
--   keyHash: SHA-256 (hex) of the id as text: any length fits the key, and the id itself (an
--     e-mail address, say) is not kept beyond the run that carried it.
--   runId: the run that recorded it (no foreign key: retention deleting that run keeps the id).
--   seenAt: when; a rule counts the id as seen while seenAt is inside its window (in days).
--   expiresAt: seenAt + the window of the rule that recorded it; retention deletes rows past it.
-- Deleting the workflow deletes its ids; a pushed copy is another workflow, with ids of its own.
CREATE TABLE "WorkflowSeenKey" (
    "workflowId" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "WorkflowSeenKey_pkey" PRIMARY KEY ("workflowId", "keyHash")
);

CREATE INDEX "WorkflowSeenKey_expiresAt_idx" ON "WorkflowSeenKey"("expiresAt");

ALTER TABLE "WorkflowSeenKey" ADD CONSTRAINT "WorkflowSeenKey_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;
