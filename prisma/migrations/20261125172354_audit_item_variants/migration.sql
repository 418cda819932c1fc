-- AlterTable
ALTER TABLE "AuditItem" ADD COLUMN     "variantOptions" JSONB;
