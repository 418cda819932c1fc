import type { Db } from "@arena/db";
import { readLeaderboard, type ScopeParams } from "@arena/tournament/read";
import type { LeaderboardView } from "@arena/tournament/read";
import { readAgentSpanRates } from "./spans";

/**
 * The examiner's leaderboard with each row's flagged passages per 1,000 words read (the optional
 * "Flagged / 1k words" column). Spans are people's marks, above the tournament package, so the
 * leaderboard read is completed here, once, for the page, the JSON API, the CSV and the CLI alike.
 * A rate is the agent's over every round people read, whatever the scope.
 */
export async function readLeaderboardWithSpans(db: Db, params: ScopeParams = {}): Promise<LeaderboardView | null> {
  const [board, rates] = await Promise.all([readLeaderboard(db, params), readAgentSpanRates(db)]);
  if (!board) return null;
  const per1k = new Map(rates.map((r) => [r.agentId, r.perThousandWords]));
  return { ...board, rows: board.rows.map((row) => ({ ...row, flaggedPer1k: per1k.get(row.agentId) ?? null })) };
}
