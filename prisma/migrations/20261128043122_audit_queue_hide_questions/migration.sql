-- AlterTable
ALTER TABLE "AuditQueue" ADD COLUMN     "hideQuestions" BOOLEAN NOT NULL DEFAULT false;
