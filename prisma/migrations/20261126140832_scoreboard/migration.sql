-- AlterTable
ALTER TABLE "RatingSnapshot" ADD COLUMN     "scoreboard" JSONB,
ADD COLUMN     "scoreboardAt" TIMESTAMP(3),
ADD COLUMN     "scoreboardMs" INTEGER,
ADD COLUMN     "scoreboardStaleAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "RatingSnapshot_examinerConfigId_tournamentId_createdAt_idx" ON "RatingSnapshot"("examinerConfigId", "tournamentId", "createdAt");
