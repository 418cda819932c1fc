-- AlterTable
ALTER TABLE "TreeSchedule" ADD COLUMN     "lastRunSources" JSONB NOT NULL DEFAULT '[]';
