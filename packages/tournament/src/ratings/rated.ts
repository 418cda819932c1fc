import { computeRatings, onlineElo, aggregateBattles, type Battle } from "@arena/core";
import type { Db, MatchWinner, Prisma } from "@arena/db";
import type { SnapshotRow } from "../read/schemas";

/**
 * Ratings of stored matches (docs/method.md §7). One battle per match: the match winner (A, B or tie by
 * final score) is the outcome, not the individual rounds, because rounds of one match are
 * adaptive and dependent (the loop escalates until a gap appears), so counting them as
 * independent battles would overstate the evidence. A completed match with no judged round
 * (the tree had no usable node, or every round was voided) carries no evidence and is left out.
 */

/**
 * Bootstrap settings (docs/method.md §7: ≥ 100 rounds, fixed seed). Snapshots are refitted after every
 * match, in the worker, so they use 200 rounds (a 1000-round refit of 32 agents costs ~0.4 s of
 * CPU per finished match, which starved the matches in bench:tournament). Every reader serves
 * the stored snapshot; nothing refits per request.
 */
export const SNAPSHOT_BOOTSTRAP = { rounds: 200, seed: 7 } as const;

export interface RatedMatch {
  id: string;
  agentAId: string;
  agentBId: string;
  winner: MatchWinner;
  rounds: number;
  finishedAt: Date | null;
}

/** Completed matches with at least one counted round (shared with snapshots.ts). */
export function ratedWhere(scope: { examinerConfigId: string; tournamentId?: string; ids?: readonly string[] }): Prisma.MatchWhereInput {
  return {
    examinerConfigId: scope.examinerConfigId,
    ...(scope.tournamentId ? { tournamentId: scope.tournamentId } : {}),
    ...(scope.ids ? { id: { in: [...scope.ids] } } : {}),
    status: "completed",
    winner: { not: null },
    rounds: { gt: 0 },
  };
}

/** Rated matches of a scope, in finishing order (for online Elo). */
export async function ratedMatches(
  db: Db,
  scope: { examinerConfigId: string; tournamentId?: string; ids?: readonly string[] },
): Promise<RatedMatch[]> {
  const rows = await db.match.findMany({
    where: ratedWhere(scope),
    select: { id: true, agentAId: true, agentBId: true, winner: true, rounds: true, finishedAt: true },
    orderBy: [{ finishedAt: "asc" }, { id: "asc" }],
  });
  return rows.map((r) => ({ ...r, winner: r.winner! }));
}

export function battlesOf(matches: readonly RatedMatch[]): Battle[] {
  return matches.map((m) => ({
    model_a: m.agentAId,
    model_b: m.agentBId,
    winner: m.winner === "A" ? "model_a" : m.winner === "B" ? "model_b" : "tie",
  }));
}

/**
 * Bradley–Terry with bootstrap intervals (lower/upper, which ranks use) and sandwich intervals
 * (docs/method.md §7; closed form on the fitted θ), plus online Elo in finishing order; best first.
 */
export function fitRatings(
  matches: readonly RatedMatch[],
  names: ReadonlyMap<string, string>,
  bootstrapRounds: number = SNAPSHOT_BOOTSTRAP.rounds,
): SnapshotRow[] {
  if (matches.length === 0) return [];
  const battles = battlesOf(matches);
  const data = aggregateBattles(battles);
  const elo = onlineElo(battles).ratings;
  const sandwich = new Map(computeRatings(data, { ci: "sandwich" }).map((r) => [r.model, { lower: r.lower, upper: r.upper }]));
  return computeRatings(data, { ci: "bootstrap", bootstrapRounds, seed: SNAPSHOT_BOOTSTRAP.seed }).map((r) => ({
    agentId: r.model,
    name: names.get(r.model) ?? r.model,
    rating: r.rating,
    lower: r.lower,
    upper: r.upper,
    sandwich: sandwich.get(r.model)!,
    rank: r.rank,
    games: r.games,
    wins: r.wins,
    losses: r.losses,
    ties: r.ties,
    elo: elo.get(r.model) ?? 1000,
    unbounded: r.unbounded,
  }));
}

export async function agentNames(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
  const rows = await db.agent.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, name: true } });
  return new Map(rows.map((r) => [r.id, r.name]));
}
