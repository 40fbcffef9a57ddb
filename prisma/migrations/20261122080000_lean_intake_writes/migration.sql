-- Every accepted delivery inserts a Run and a Delivery row; these two cost it work and bought nothing.
-- No query reads runs by workspace (they are read by workflow or by id).
DROP INDEX "Run_workspaceId_createdAt_idx";

-- A delivery's workflow is its endpoint's workflow, and deleting a workflow already deletes its
-- endpoints and, through them, their deliveries: this key was a second check of the same fact.
ALTER TABLE "Delivery" DROP CONSTRAINT "Delivery_workflowId_fkey";
