-- Continuous tournaments (issue 22): a mode with no last round, participants who leave, and trees
-- retired from new matches (kept for the matches that used them)
CREATE TYPE "TournamentMode" AS ENUM ('rounds', 'continuous');

ALTER TABLE "Tournament" ADD COLUMN "mode" "TournamentMode" NOT NULL DEFAULT 'rounds';

ALTER TABLE "TournamentParticipant" ADD COLUMN "leftAt" TIMESTAMP(3);

-- IF NOT EXISTS: another branch's migration (tree_retire_hash) adds the same column with the same meaning
ALTER TABLE "Tree" ADD COLUMN IF NOT EXISTS "retiredAt" TIMESTAMP(3);
