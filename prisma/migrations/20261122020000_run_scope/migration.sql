-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "scope" TEXT NOT NULL DEFAULT 'workflow';
