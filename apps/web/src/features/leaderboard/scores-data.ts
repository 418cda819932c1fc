import { scoreboard, scoreVersion, type Scoreboard } from "@arena/scoring/read";
import type { LeaderboardView } from "@arena/tournament/read";
import { cached } from "@/lib/api/cache";
import { db } from "@/lib/db";

/**
 * The report-score columns of a leaderboard scope. The controlled fit (Newton with 200 bootstrap
 * refits: ~4 s for 1,000 matches of 20 agents on this loaded 2-core machine, ~17 s for 5,000) and
 * the per-agent bootstraps are far too costly per request, so each scope keeps its last result,
 * tagged with the rating snapshot and a fingerprint of the stored scores (one count query, through
 * the short-lived API cache). A reader gets the last result at once; when the snapshot or the
 * scores changed, one recomputation starts in the background, at most one per scope at a time
 * and at most one per RECOMPUTE_MS (during a tournament scores arrive every few seconds). Only
 * the very first read of a scope waits for its computation.
 */
const RECOMPUTE_MS = 60_000;
const MAX_SCOPES = 32;

interface ScopeEntry {
  key: string;
  value: Scoreboard | null;
  computedAt: number;
  pending: Promise<Scoreboard> | null;
}
const scopes = new Map<string, ScopeEntry>();

const EMPTY_SCOREBOARD: Scoreboard = {
  metrics: [],
  agents: [],
  interval: "",
  raceAgreement: { rounds: 0, agree: 0, rate: null },
  controlled: { battles: 0, ratings: [], coefficients: [] },
};

function recompute(entry: ScopeEntry, key: string, scope: { examinerConfigId: string; tournamentId?: string }): Promise<Scoreboard> {
  entry.pending ??= scoreboard(db(), scope)
    .then((value) => {
      Object.assign(entry, { key, value, computedAt: Date.now() });
      return value;
    })
    .finally(() => {
      entry.pending = null;
    });
  return entry.pending;
}

export async function scoreboardFor(board: Pick<LeaderboardView, "examiner" | "tournament" | "snapshot">): Promise<Scoreboard> {
  if (!board.examiner || !board.snapshot) return EMPTY_SCOREBOARD;
  const scope = { examinerConfigId: board.examiner.id, ...(board.tournament ? { tournamentId: board.tournament.id } : {}) };
  const scopeKey = `${scope.examinerConfigId}:${scope.tournamentId ?? ""}`;
  const version = await cached(`scores-version:${scopeKey}`, () => scoreVersion(db(), scope));
  const key = `${board.snapshot.id}:${version}`;
  let entry = scopes.get(scopeKey);
  if (!entry) {
    entry = { key: "", value: null, computedAt: 0, pending: null };
    scopes.set(scopeKey, entry);
    if (scopes.size > MAX_SCOPES) scopes.delete(scopes.keys().next().value!);
  }
  if (entry.value === null) return recompute(entry, key, scope);
  if (entry.key !== key && Date.now() - entry.computedAt >= RECOMPUTE_MS) {
    void recompute(entry, key, scope).catch((err: unknown) => console.error("scoreboard:", err));
  }
  return entry.value;
}
