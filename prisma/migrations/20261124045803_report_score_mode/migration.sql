-- AlterTable
ALTER TABLE "Tournament" ADD COLUMN     "scoreReports" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "ReportScore" ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'offline',
ADD COLUMN     "model" TEXT,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "ReportScore_metric_mode_idx" ON "ReportScore"("metric", "mode");
