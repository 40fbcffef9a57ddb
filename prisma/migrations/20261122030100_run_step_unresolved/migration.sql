-- AlterTable
ALTER TABLE "RunStep" ADD COLUMN     "unresolved" JSONB NOT NULL DEFAULT '[]';
