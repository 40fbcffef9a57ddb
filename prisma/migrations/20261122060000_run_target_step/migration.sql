-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "targetStepId" TEXT;
