-- AlterTable
ALTER TABLE "Round" ADD COLUMN     "stuck" BOOLEAN NOT NULL DEFAULT false;

-- Rounds stored before the column carried the flag as a ":stuck" suffix on the action.
UPDATE "Round" SET "stuck" = true, "action" = split_part("action", ':', 1) WHERE "action" LIKE '%:stuck';
