import type { SqlPool } from "@arena/db";
import { LEADERBOARD_METRICS } from "../read/scoreboard";
import type { ScoreRow } from "../read/scores";
import type { ControlledMatch, ScoreCell } from "./controlled";

/** A leaderboard scope: an examiner configuration's matches, all of them (tournamentId null) or one tournament's. */
export interface ScoreboardScope {
  examinerConfigId: string;
  tournamentId: string | null;
}

/** Everything a scope's scoreboard is computed from, as plain rows. */
export interface ScoreboardInputs {
  scores: ScoreRow[];
  matches: ControlledMatch[];
}

type Queryable = Pick<SqlPool, "query">;

/**
 * The scores the leaderboard columns and RACE's agreement use, of the scope's completed matches,
 * in a fixed order: the bootstrap draws matches by position, so the same rows give the same intervals.
 */
async function scoreRows(pool: Queryable, scope: ScoreboardScope): Promise<ScoreRow[]> {
  const { rows } = await pool.query<Omit<ScoreRow, "agentA" | "agentB"> & { aId: string; aName: string; bId: string; bName: string }>(
    `SELECT s.side, s.metric, s.mode, s.value, s."roundId", r."matchId", r."verdictToken",
            a.id AS "aId", a.name AS "aName", b.id AS "bId", b.name AS "bName"
     FROM "ReportScore" s JOIN "Round" r ON r.id = s."roundId" JOIN "Match" m ON m.id = r."matchId"
       JOIN "Agent" a ON a.id = m."agentAId" JOIN "Agent" b ON b.id = m."agentBId"
     WHERE m."examinerConfigId" = $1 AND ($2::text IS NULL OR m."tournamentId" = $2) AND m.status = 'completed'
       AND s.side IN ('A', 'B') AND s.metric = ANY($3::text[])
     ORDER BY r."matchId", r.number, s.side, s.metric`,
    [scope.examinerConfigId, scope.tournamentId, [...LEADERBOARD_METRICS, "race_share"]],
  );
  return rows.map(({ aId, aName, bId, bName, ...r }) => ({ ...r, agentA: { id: aId, name: aName }, agentB: { id: bId, name: bName } }));
}

/**
 * The scope's rated matches in finishing order (as the plain ratings count them) with their
 * counted rounds' answers and citation scores: only the listed count is read from each answer's
 * citation details, not its judged pairs (up to 200 statements each).
 */
export async function readControlledMatches(pool: Queryable, scope: ScoreboardScope): Promise<ControlledMatch[]> {
  const params = [scope.examinerConfigId, scope.tournamentId];
  const rated = `m."examinerConfigId" = $1 AND ($2::text IS NULL OR m."tournamentId" = $2) AND m.status = 'completed' AND m.winner IS NOT NULL AND m.rounds > 0`;
  const [matches, rounds, cells] = await Promise.all([
    pool.query<{ id: string; agentAId: string; agentBId: string; nameA: string; nameB: string; winner: "A" | "B" | "tie" }>(
      `SELECT m.id, m."agentAId", m."agentBId", a.name AS "nameA", b.name AS "nameB", m.winner
       FROM "Match" m JOIN "Agent" a ON a.id = m."agentAId" JOIN "Agent" b ON b.id = m."agentBId"
       WHERE ${rated} ORDER BY m."finishedAt" ASC, m.id ASC`,
      params,
    ),
    pool.query<{ id: string; matchId: string; answerA: string | null; answerB: string | null }>(
      `SELECT r.id, r."matchId", r."answerA", r."answerB" FROM "Round" r JOIN "Match" m ON m.id = r."matchId" WHERE ${rated} AND r.voided = false ORDER BY r."matchId", r.number`,
      params,
    ),
    pool.query<ScoreCell & { roundId: string }>(
      `SELECT s."roundId", s.side, s.metric, s.value, (s.details->>'count')::int AS count
       FROM "ReportScore" s JOIN "Round" r ON r.id = s."roundId" JOIN "Match" m ON m.id = r."matchId"
       WHERE ${rated} AND s.metric IN ('citation_effective', 'citation_accuracy')`,
      params,
    ),
  ]);
  const cellsOf = new Map<string, ScoreCell[]>();
  for (const { roundId, ...cell } of cells.rows) cellsOf.set(roundId, [...(cellsOf.get(roundId) ?? []), cell]);
  const roundsOf = new Map<string, ControlledMatch["rounds"]>();
  for (const r of rounds.rows)
    roundsOf.set(r.matchId, [
      ...(roundsOf.get(r.matchId) ?? []),
      { answerA: r.answerA, answerB: r.answerB, scores: cellsOf.get(r.id) ?? [] },
    ]);
  return matches.rows.map(({ id, ...m }) => ({ ...m, rounds: roundsOf.get(id) ?? [] }));
}

export async function readScoreboardInputs(pool: Queryable, scope: ScoreboardScope): Promise<ScoreboardInputs> {
  const [scores, matches] = await Promise.all([scoreRows(pool, scope), readControlledMatches(pool, scope)]);
  return { scores, matches };
}
