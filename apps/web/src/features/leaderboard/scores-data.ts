import { EMPTY_SCOREBOARD, readScoreboard, type Scoreboard } from "@arena/scoring/read";
import type { LeaderboardView } from "@arena/tournament/read";
import { cached } from "@/lib/api/cache";
import { db } from "@/lib/db";

/**
 * The report-score columns of a leaderboard scope as a worker stored them beside the scope's
 * rating snapshots (the controlled fit with 200 bootstrap refits costs seconds of CPU for thousands
 * of matches: never computed here). Through the API's per-process cache, which a `snapshot` or
 * `scoreboard` event drops.
 */
export async function scoreboardFor(board: Pick<LeaderboardView, "examiner" | "tournament" | "snapshot">): Promise<Scoreboard> {
  if (!board.examiner || !board.snapshot) return EMPTY_SCOREBOARD;
  const scope = { examinerConfigId: board.examiner.id, tournamentId: board.tournament?.id ?? null };
  return (
    (await cached(`page:scoreboard:${scope.examinerConfigId}:${scope.tournamentId ?? ""}`, () => readScoreboard(db(), scope))) ??
    EMPTY_SCOREBOARD
  );
}
