-- An account created by someone else (with a temporary password) must choose its own password
-- before anything else.
ALTER TABLE "User" ADD COLUMN "mustChangePassword" BOOLEAN NOT NULL DEFAULT false;
