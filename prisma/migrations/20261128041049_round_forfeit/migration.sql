-- AlterTable
ALTER TABLE "Round" ADD COLUMN     "forfeit" TEXT;
