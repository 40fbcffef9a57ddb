-- "Sign out everywhere": browser sessions carry the version they were issued under; raising it
-- refuses every session issued before.
ALTER TABLE "User" ADD COLUMN "sessionVersion" INTEGER NOT NULL DEFAULT 0;
