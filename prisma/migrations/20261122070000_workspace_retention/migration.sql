-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "retention" JSONB;
