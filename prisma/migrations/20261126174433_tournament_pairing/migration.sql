-- Information-seeking pairing as an option beside Swiss (issue 22), Swiss staying the default.
CREATE TYPE "TournamentPairing" AS ENUM ('swiss', 'info');

ALTER TABLE "Tournament" ADD COLUMN "pairing" "TournamentPairing" NOT NULL DEFAULT 'swiss';
