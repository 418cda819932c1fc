-- AlterTable
ALTER TABLE "Node" DROP COLUMN "depthExpandedAt";
