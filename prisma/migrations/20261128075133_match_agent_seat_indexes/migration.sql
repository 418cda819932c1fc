-- CreateIndex
CREATE INDEX "Match_agentAId_createdAt_idx" ON "Match"("agentAId", "createdAt");

-- CreateIndex
CREATE INDEX "Match_agentBId_createdAt_idx" ON "Match"("agentBId", "createdAt");
