-- AlterTable
ALTER TABLE "RatingSnapshot" ADD COLUMN     "analysis" JSONB;
