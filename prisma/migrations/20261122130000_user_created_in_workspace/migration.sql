-- The workspace whose owner created the account (lib/members/add-member.ts); null for accounts
-- the operator made (the seed, npm run user:reset-password). No foreign key: it must outlive a
-- deleted client, or that client's people could be claimed by anyone afterwards.
ALTER TABLE "User" ADD COLUMN "createdInWorkspaceId" TEXT;
