-- Who saved a workflow's definition last, when, and at which version (lib/workflows/version-saver.ts):
-- a save refused because someone saved in between (409 version_conflict / workflow_changed) and the
-- editor's conflict banner name them ("Alex Smith (alex@…) saved a newer version 2 minutes ago").
-- "savedVersion" says which version the other two describe: a version made another way (a push
-- into a client's copy, the client review) leaves them behind, and the saver is then not named
-- rather than named wrongly. Workflows saved before this have none: their conflicts name nobody.
ALTER TABLE "Workflow" ADD COLUMN "savedById" TEXT;
ALTER TABLE "Workflow" ADD COLUMN "savedAt" TIMESTAMP(3);
ALTER TABLE "Workflow" ADD COLUMN "savedVersion" INTEGER;
ALTER TABLE "Workflow" ADD CONSTRAINT "Workflow_savedById_fkey" FOREIGN KEY ("savedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
