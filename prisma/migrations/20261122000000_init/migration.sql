-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "AgentProtocol" AS ENUM ('openai', 'arena_http', 'builtin', 'simulated');

-- CreateEnum
CREATE TYPE "AgentStatus" AS ENUM ('pending', 'healthy', 'unhealthy', 'disabled');

-- CreateEnum
CREATE TYPE "ExaminerMode" AS ENUM ('llm', 'heuristic');

-- CreateEnum
CREATE TYPE "TreeSource" AS ENUM ('imported', 'crawled', 'synthetic');

-- CreateEnum
CREATE TYPE "CrawlStatus" AS ENUM ('pending', 'crawled', 'failed');

-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('queued', 'running', 'completed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "TournamentStatus" AS ENUM ('draft', 'running', 'paused', 'completed', 'cancelled');

-- CreateEnum
CREATE TYPE "MatchWinner" AS ENUM ('A', 'B', 'tie');

-- CreateTable
CREATE TABLE "Agent" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "protocol" "AgentProtocol" NOT NULL,
    "endpoint" TEXT,
    "model" TEXT,
    "secretEnc" TEXT,
    "secretEnv" TEXT,
    "config" JSONB NOT NULL DEFAULT '{}',
    "builtin" BOOLEAN NOT NULL DEFAULT false,
    "status" "AgentStatus" NOT NULL DEFAULT 'pending',
    "healthError" TEXT,
    "healthAt" TIMESTAMP(3),
    "maxConcurrency" INTEGER NOT NULL DEFAULT 4,
    "ratePerMinute" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Agent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExaminerConfig" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "mode" "ExaminerMode" NOT NULL,
    "baseUrl" TEXT,
    "model" TEXT,
    "apiKeyEnc" TEXT,
    "temperature" DOUBLE PRECISION NOT NULL DEFAULT 0.2,
    "doubleJudge" BOOLEAN NOT NULL DEFAULT false,
    "promptVersion" TEXT NOT NULL DEFAULT 'v1',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExaminerConfig_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tree" (
    "id" TEXT NOT NULL,
    "rootUrl" TEXT NOT NULL,
    "title" TEXT,
    "topic" TEXT,
    "source" "TreeSource" NOT NULL,
    "sourceName" TEXT,
    "worldSeed" TEXT,
    "expandable" BOOLEAN NOT NULL DEFAULT true,
    "meta" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tree_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Node" (
    "id" TEXT NOT NULL,
    "treeId" TEXT NOT NULL,
    "parentId" TEXT,
    "ordinal" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "title" TEXT,
    "description" TEXT,
    "content" TEXT,
    "crawled" BOOLEAN NOT NULL DEFAULT false,
    "depth" INTEGER NOT NULL,
    "error" TEXT,
    "relationshipCluster" TEXT,
    "status" "CrawlStatus" NOT NULL DEFAULT 'pending',
    "expandedAt" TIMESTAMP(3),
    "depthExpandedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Node_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LinkContext" (
    "id" TEXT NOT NULL,
    "nodeId" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "anchorText" TEXT NOT NULL,
    "surroundingText" TEXT NOT NULL,
    "relationship" TEXT NOT NULL,

    CONSTRAINT "LinkContext_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CrawlJob" (
    "id" TEXT NOT NULL,
    "treeId" TEXT,
    "rootUrl" TEXT NOT NULL,
    "maxDepth" INTEGER NOT NULL,
    "fanOut" INTEGER NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'queued',
    "pagesDone" INTEGER NOT NULL DEFAULT 0,
    "pagesFailed" INTEGER NOT NULL DEFAULT 0,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "CrawlJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AllowedHost" (
    "id" TEXT NOT NULL,
    "pattern" TEXT NOT NULL,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AllowedHost_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tournament" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" "TournamentStatus" NOT NULL DEFAULT 'draft',
    "examinerConfigId" TEXT NOT NULL,
    "seed" TEXT NOT NULL,
    "swissRounds" INTEGER NOT NULL,
    "treesPerPairing" INTEGER NOT NULL,
    "seatAlternation" BOOLEAN NOT NULL DEFAULT true,
    "currentRound" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Tournament_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TournamentParticipant" (
    "tournamentId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "joinedRound" INTEGER NOT NULL DEFAULT 1,
    "byes" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TournamentParticipant_pkey" PRIMARY KEY ("tournamentId","agentId")
);

-- CreateTable
CREATE TABLE "TournamentTree" (
    "tournamentId" TEXT NOT NULL,
    "treeId" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,

    CONSTRAINT "TournamentTree_pkey" PRIMARY KEY ("tournamentId","treeId")
);

-- CreateTable
CREATE TABLE "TournamentRound" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'queued',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "TournamentRound_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Pairing" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "agentAId" TEXT NOT NULL,
    "agentBId" TEXT,

    CONSTRAINT "Pairing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Match" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT,
    "pairingId" TEXT,
    "treeId" TEXT NOT NULL,
    "agentAId" TEXT NOT NULL,
    "agentBId" TEXT NOT NULL,
    "examinerConfigId" TEXT NOT NULL,
    "examinerMode" "ExaminerMode" NOT NULL,
    "seed" TEXT NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'queued',
    "winner" "MatchWinner",
    "scoreA" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "scoreB" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "rounds" INTEGER NOT NULL DEFAULT 0,
    "voidedRounds" INTEGER NOT NULL DEFAULT 0,
    "state" JSONB,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Match_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Round" (
    "id" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "depth" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "pathNodeIds" JSONB NOT NULL,
    "pathUrls" JSONB NOT NULL,
    "question" TEXT,
    "wordLimitInstruction" TEXT,
    "checklistDepth" JSONB,
    "checklistWidth" JSONB,
    "sourceUrls" JSONB,
    "rationale" TEXT,
    "answerA" TEXT,
    "answerB" TEXT,
    "latencyAMs" INTEGER,
    "latencyBMs" INTEGER,
    "tokensA" INTEGER,
    "tokensB" INTEGER,
    "costA" DOUBLE PRECISION,
    "costB" DOUBLE PRECISION,
    "citationsA" INTEGER,
    "citationsB" INTEGER,
    "errorA" TEXT,
    "errorB" TEXT,
    "errorDetailA" TEXT,
    "errorDetailB" TEXT,
    "verdict" JSONB,
    "verdictToken" TEXT,
    "tieQuality" TEXT,
    "loserFailureType" TEXT,
    "scoreA" DOUBLE PRECISION NOT NULL,
    "scoreB" DOUBLE PRECISION NOT NULL,
    "action" TEXT,
    "expansions" JSONB NOT NULL DEFAULT '[]',
    "examinerMode" "ExaminerMode" NOT NULL,
    "examinerModel" TEXT,
    "examinerCalls" JSONB NOT NULL DEFAULT '[]',
    "judgeError" TEXT,
    "voided" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Round_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RatingSnapshot" (
    "id" TEXT NOT NULL,
    "examinerConfigId" TEXT NOT NULL,
    "tournamentId" TEXT,
    "matchId" TEXT,
    "matchesCounted" INTEGER NOT NULL,
    "ratings" JSONB NOT NULL,
    "ciMethod" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RatingSnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Annotation" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "auditor" TEXT NOT NULL,
    "deepValidity" TEXT,
    "wideValidity" TEXT,
    "evolution" TEXT,
    "checklistFacts" TEXT,
    "ownVerdict" TEXT,
    "agree" BOOLEAN,
    "roundsVerdict" TEXT,
    "comment" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Annotation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReportScore" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReportScore_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Agent_name_key" ON "Agent"("name");

-- CreateIndex
CREATE UNIQUE INDEX "ExaminerConfig_name_key" ON "ExaminerConfig"("name");

-- CreateIndex
CREATE INDEX "Node_treeId_depth_idx" ON "Node"("treeId", "depth");

-- CreateIndex
CREATE INDEX "Node_treeId_url_idx" ON "Node"("treeId", "url");

-- CreateIndex
CREATE INDEX "Node_parentId_idx" ON "Node"("parentId");

-- CreateIndex
CREATE UNIQUE INDEX "Node_treeId_parentId_ordinal_key" ON "Node"("treeId", "parentId", "ordinal");

-- CreateIndex
CREATE INDEX "LinkContext_nodeId_url_idx" ON "LinkContext"("nodeId", "url");

-- CreateIndex
CREATE UNIQUE INDEX "LinkContext_nodeId_ordinal_key" ON "LinkContext"("nodeId", "ordinal");

-- CreateIndex
CREATE UNIQUE INDEX "AllowedHost_pattern_key" ON "AllowedHost"("pattern");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentTree_tournamentId_ordinal_key" ON "TournamentTree"("tournamentId", "ordinal");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentRound_tournamentId_number_key" ON "TournamentRound"("tournamentId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "Pairing_roundId_agentAId_key" ON "Pairing"("roundId", "agentAId");

-- CreateIndex
CREATE INDEX "Match_tournamentId_status_idx" ON "Match"("tournamentId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Match_pairingId_treeId_key" ON "Match"("pairingId", "treeId");

-- CreateIndex
CREATE UNIQUE INDEX "Round_matchId_number_key" ON "Round"("matchId", "number");

-- CreateIndex
CREATE INDEX "RatingSnapshot_examinerConfigId_createdAt_idx" ON "RatingSnapshot"("examinerConfigId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Annotation_roundId_auditor_key" ON "Annotation"("roundId", "auditor");

-- CreateIndex
CREATE UNIQUE INDEX "ReportScore_roundId_side_metric_key" ON "ReportScore"("roundId", "side", "metric");

-- AddForeignKey
ALTER TABLE "Node" ADD CONSTRAINT "Node_treeId_fkey" FOREIGN KEY ("treeId") REFERENCES "Tree"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Node" ADD CONSTRAINT "Node_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Node"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LinkContext" ADD CONSTRAINT "LinkContext_nodeId_fkey" FOREIGN KEY ("nodeId") REFERENCES "Node"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CrawlJob" ADD CONSTRAINT "CrawlJob_treeId_fkey" FOREIGN KEY ("treeId") REFERENCES "Tree"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Tournament" ADD CONSTRAINT "Tournament_examinerConfigId_fkey" FOREIGN KEY ("examinerConfigId") REFERENCES "ExaminerConfig"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentParticipant" ADD CONSTRAINT "TournamentParticipant_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentParticipant" ADD CONSTRAINT "TournamentParticipant_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentTree" ADD CONSTRAINT "TournamentTree_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentTree" ADD CONSTRAINT "TournamentTree_treeId_fkey" FOREIGN KEY ("treeId") REFERENCES "Tree"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentRound" ADD CONSTRAINT "TournamentRound_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pairing" ADD CONSTRAINT "Pairing_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "TournamentRound"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pairing" ADD CONSTRAINT "Pairing_agentAId_fkey" FOREIGN KEY ("agentAId") REFERENCES "Agent"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pairing" ADD CONSTRAINT "Pairing_agentBId_fkey" FOREIGN KEY ("agentBId") REFERENCES "Agent"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_pairingId_fkey" FOREIGN KEY ("pairingId") REFERENCES "Pairing"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_treeId_fkey" FOREIGN KEY ("treeId") REFERENCES "Tree"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_agentAId_fkey" FOREIGN KEY ("agentAId") REFERENCES "Agent"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_agentBId_fkey" FOREIGN KEY ("agentBId") REFERENCES "Agent"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_examinerConfigId_fkey" FOREIGN KEY ("examinerConfigId") REFERENCES "ExaminerConfig"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RatingSnapshot" ADD CONSTRAINT "RatingSnapshot_examinerConfigId_fkey" FOREIGN KEY ("examinerConfigId") REFERENCES "ExaminerConfig"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RatingSnapshot" ADD CONSTRAINT "RatingSnapshot_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReportScore" ADD CONSTRAINT "ReportScore_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;
