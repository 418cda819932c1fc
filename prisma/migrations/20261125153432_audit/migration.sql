-- CreateEnum
CREATE TYPE "AuditSampling" AS ENUM ('random', 'verdict', 'tournament', 'agent', 'examiner');

-- Annotation was never written before the audit feature (no auditor id, queue or item to keep).
DELETE FROM "Annotation";

-- DropIndex
DROP INDEX "Annotation_roundId_auditor_key";

-- AlterTable
ALTER TABLE "Annotation" DROP COLUMN "auditor",
DROP COLUMN "roundsVerdict",
ADD COLUMN     "auditorId" TEXT NOT NULL,
ADD COLUMN     "itemId" TEXT NOT NULL,
ADD COLUMN     "seatsSwapped" BOOLEAN NOT NULL,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL,
ALTER COLUMN "deepValidity" SET NOT NULL,
ALTER COLUMN "wideValidity" SET NOT NULL,
ALTER COLUMN "checklistFacts" SET NOT NULL,
ALTER COLUMN "ownVerdict" SET NOT NULL;

-- CreateTable
CREATE TABLE "AuditQueue" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sampling" "AuditSampling" NOT NULL,
    "filter" JSONB NOT NULL DEFAULT '{}',
    "size" INTEGER NOT NULL,
    "annotatorsPerItem" INTEGER NOT NULL DEFAULT 2,
    "seed" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMP(3),

    CONSTRAINT "AuditQueue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditItem" (
    "id" TEXT NOT NULL,
    "queueId" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "seatsSwapped" BOOLEAN NOT NULL,
    "stratum" TEXT,

    CONSTRAINT "AuditItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditHold" (
    "itemId" TEXT NOT NULL,
    "auditorId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuditHold_pkey" PRIMARY KEY ("itemId","auditorId")
);

-- CreateTable
CREATE TABLE "AnnotationRevision" (
    "id" TEXT NOT NULL,
    "annotationId" TEXT,
    "matchAnswerId" TEXT,
    "editorId" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AnnotationRevision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditMatchAnswer" (
    "id" TEXT NOT NULL,
    "queueId" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "auditorId" TEXT NOT NULL,
    "sufficiency" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuditMatchAnswer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditVariantChoice" (
    "id" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "auditorId" TEXT NOT NULL,
    "order" JSONB NOT NULL,
    "bestQuestion" TEXT NOT NULL,
    "bestChecklist" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditVariantChoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoundVoid" (
    "roundId" TEXT NOT NULL,
    "voidedById" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "pointsA" DOUBLE PRECISION NOT NULL,
    "pointsB" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RoundVoid_pkey" PRIMARY KEY ("roundId")
);

-- CreateIndex
CREATE UNIQUE INDEX "AuditItem_queueId_roundId_key" ON "AuditItem"("queueId", "roundId");

-- CreateIndex
CREATE UNIQUE INDEX "AuditItem_queueId_ordinal_key" ON "AuditItem"("queueId", "ordinal");

-- CreateIndex
CREATE INDEX "AuditHold_auditorId_idx" ON "AuditHold"("auditorId");

-- CreateIndex
CREATE INDEX "AnnotationRevision_annotationId_idx" ON "AnnotationRevision"("annotationId");

-- CreateIndex
CREATE INDEX "AnnotationRevision_matchAnswerId_idx" ON "AnnotationRevision"("matchAnswerId");

-- CreateIndex
CREATE UNIQUE INDEX "AuditMatchAnswer_queueId_matchId_auditorId_key" ON "AuditMatchAnswer"("queueId", "matchId", "auditorId");

-- CreateIndex
CREATE UNIQUE INDEX "AuditVariantChoice_itemId_auditorId_key" ON "AuditVariantChoice"("itemId", "auditorId");

-- CreateIndex
CREATE UNIQUE INDEX "Annotation_itemId_auditorId_key" ON "Annotation"("itemId", "auditorId");

-- AddForeignKey
ALTER TABLE "AuditItem" ADD CONSTRAINT "AuditItem_queueId_fkey" FOREIGN KEY ("queueId") REFERENCES "AuditQueue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditItem" ADD CONSTRAINT "AuditItem_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditHold" ADD CONSTRAINT "AuditHold_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "AuditItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "AuditItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnnotationRevision" ADD CONSTRAINT "AnnotationRevision_annotationId_fkey" FOREIGN KEY ("annotationId") REFERENCES "Annotation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnnotationRevision" ADD CONSTRAINT "AnnotationRevision_matchAnswerId_fkey" FOREIGN KEY ("matchAnswerId") REFERENCES "AuditMatchAnswer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditMatchAnswer" ADD CONSTRAINT "AuditMatchAnswer_queueId_fkey" FOREIGN KEY ("queueId") REFERENCES "AuditQueue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditMatchAnswer" ADD CONSTRAINT "AuditMatchAnswer_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditVariantChoice" ADD CONSTRAINT "AuditVariantChoice_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "AuditItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoundVoid" ADD CONSTRAINT "RoundVoid_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;
