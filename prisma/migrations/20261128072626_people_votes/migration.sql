-- CreateTable
CREATE TABLE "VoteView" (
    "roundId" TEXT NOT NULL,
    "voterId" TEXT NOT NULL,
    "seatsSwapped" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VoteView_pkey" PRIMARY KEY ("roundId","voterId")
);

-- CreateTable
CREATE TABLE "Vote" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "voterId" TEXT NOT NULL,
    "verdict" TEXT NOT NULL,
    "seatsSwapped" BOOLEAN NOT NULL,
    "reason" TEXT,
    "gold" BOOLEAN NOT NULL DEFAULT false,
    "goldAgreed" BOOLEAN,
    "ownAgent" BOOLEAN NOT NULL DEFAULT false,
    "addressHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Vote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VoterExclusion" (
    "voterId" TEXT NOT NULL,
    "excludedById" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VoterExclusion_pkey" PRIMARY KEY ("voterId")
);

-- CreateTable
CREATE TABLE "Span" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "seat" TEXT NOT NULL,
    "start" INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "comment" TEXT,
    "quote" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Span_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PeopleSnapshot" (
    "id" TEXT NOT NULL,
    "examinerConfigId" TEXT,
    "votesCounted" INTEGER NOT NULL,
    "ratings" JSONB NOT NULL,
    "agreement" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PeopleSnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReferenceLeaderboard" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "source" TEXT,
    "date" TIMESTAMP(3) NOT NULL,
    "entries" JSONB NOT NULL,
    "agreement" JSONB,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReferenceLeaderboard_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "VoteView_voterId_idx" ON "VoteView"("voterId");

-- CreateIndex
CREATE INDEX "Vote_voterId_idx" ON "Vote"("voterId");

-- CreateIndex
CREATE INDEX "Vote_addressHash_createdAt_idx" ON "Vote"("addressHash", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Vote_roundId_voterId_key" ON "Vote"("roundId", "voterId");

-- CreateIndex
CREATE INDEX "Span_roundId_idx" ON "Span"("roundId");

-- CreateIndex
CREATE INDEX "Span_authorId_idx" ON "Span"("authorId");

-- CreateIndex
CREATE INDEX "PeopleSnapshot_examinerConfigId_createdAt_idx" ON "PeopleSnapshot"("examinerConfigId", "createdAt");

-- AddForeignKey
ALTER TABLE "VoteView" ADD CONSTRAINT "VoteView_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoteView" ADD CONSTRAINT "VoteView_voterId_fkey" FOREIGN KEY ("voterId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vote" ADD CONSTRAINT "Vote_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vote" ADD CONSTRAINT "Vote_voterId_fkey" FOREIGN KEY ("voterId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Span" ADD CONSTRAINT "Span_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Span" ADD CONSTRAINT "Span_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
