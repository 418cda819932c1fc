import { scoreboard, scoreVersion, type Scoreboard } from "@arena/scoring/read";
import type { LeaderboardView } from "@arena/tournament/read";
import { cached } from "@/lib/api/cache";
import { db } from "@/lib/db";

/**
 * The report-score columns of a leaderboard scope. The controlled fit (Newton with 200 bootstrap
 * refits) and the per-agent bootstraps are too costly to redo per request or every few seconds,
 * so each result is kept per (scope, rating snapshot, score fingerprint): it is recomputed only
 * when the worker writes a new snapshot or new scores, once, however many readers wait. The
 * fingerprint itself (one count query) goes through the short-lived API cache.
 */
const MAX_ENTRIES = 16;
const memo = new Map<string, Promise<Scoreboard>>();

export const EMPTY_SCOREBOARD: Scoreboard = {
  metrics: [],
  agents: [],
  interval: "",
  raceAgreement: { rounds: 0, agree: 0, rate: null },
  controlled: { battles: 0, ratings: [], coefficients: [] },
};

export async function scoreboardFor(board: Pick<LeaderboardView, "examiner" | "tournament" | "snapshot">): Promise<Scoreboard> {
  if (!board.examiner || !board.snapshot) return EMPTY_SCOREBOARD;
  const scope = { examinerConfigId: board.examiner.id, ...(board.tournament ? { tournamentId: board.tournament.id } : {}) };
  const scopeKey = `${scope.examinerConfigId}:${scope.tournamentId ?? ""}`;
  const version = await cached(`scores-version:${scopeKey}`, () => scoreVersion(db(), scope));
  const key = `${scopeKey}:${board.snapshot.id}:${version}`;
  let entry = memo.get(key);
  if (!entry) {
    entry = scoreboard(db(), scope);
    memo.set(key, entry);
    entry.catch(() => memo.delete(key));
    // Oldest first: a newer snapshot or score version of the same scope replaces its predecessors.
    for (const k of memo.keys()) {
      if (memo.size <= MAX_ENTRIES) break;
      if (k !== key) memo.delete(k);
    }
  }
  return entry;
}
