-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AgentProtocol" ADD VALUE 'openai_responses';
ALTER TYPE "AgentProtocol" ADD VALUE 'anthropic';
ALTER TYPE "AgentProtocol" ADD VALUE 'gemini';

-- AlterTable
ALTER TABLE "Round" ADD COLUMN     "traceA" JSONB,
ADD COLUMN     "traceB" JSONB;
