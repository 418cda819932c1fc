import { computeRatings, onlineElo, aggregateBattles, type Battle } from "@arena/core";
import type { MatchWinner, Prisma, PrismaClient } from "@arena/db";
import { snapshotAnalysis } from "./analysis";
import { lockFor, LockSpace, TX_OPTIONS } from "./lock";
import { z } from "zod";
import type { Db } from "@arena/db";

/**
 * Ratings of stored matches (SPEC §7). One battle per match: the match winner (A, B or tie by
 * final score) is the outcome, not the individual rounds, because rounds of one match are
 * adaptive and dependent (the loop escalates until a gap appears), so counting them as
 * independent battles would overstate the evidence. A completed match with no judged round
 * (the tree had no usable node, or every round was voided) carries no evidence and is left out.
 */

/**
 * Bootstrap settings (SPEC §7: ≥ 100 rounds, fixed seed). Snapshots are refitted after every
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

export const snapshotRowSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  rating: z.number(),
  lower: z.number(),
  upper: z.number(),
  /** 95 % sandwich (robust) interval; absent from snapshots stored before it was added. */
  sandwich: z.object({ lower: z.number(), upper: z.number() }).optional(),
  rank: z.number().int(),
  games: z.number(),
  wins: z.number(),
  losses: z.number(),
  ties: z.number(),
  elo: z.number(),
});
export type SnapshotRow = z.infer<typeof snapshotRowSchema>;

/** Completed matches with at least one counted round. */
function ratedWhere(scope: { examinerConfigId: string; tournamentId?: string; ids?: readonly string[] }): Prisma.MatchWhereInput {
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
export async function ratedMatches(db: Db, scope: { examinerConfigId: string; tournamentId?: string; ids?: readonly string[] }): Promise<RatedMatch[]> {
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
 * (SPEC §7; closed form on the fitted θ), plus online Elo in finishing order; best first.
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
  }));
}

export async function agentNames(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
  const rows = await db.agent.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, name: true } });
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface RatingScope {
  examinerConfigId: string;
  /** Null: every rated match of the examiner configuration (all tournaments, and none). */
  tournamentId: string | null;
}

export interface Refit {
  rows: SnapshotRow[];
  /** Set when this call stored a new snapshot. */
  written: { matchesCounted: number } | null;
}

/**
 * Refits the ratings of one scope and stores a RatingSnapshot, with the leaderboard's analyses
 * of the same matches, when new matches were rated since its last snapshot, so repeated ticks do
 * not pile up identical snapshots; returns the current rows. Counting first keeps a tick with
 * nothing new from loading every rated match. The caller holds the scope's lock.
 */
export async function refitScope(tx: Prisma.TransactionClient, scope: RatingScope): Promise<Refit> {
  const where = { examinerConfigId: scope.examinerConfigId, ...(scope.tournamentId ? { tournamentId: scope.tournamentId } : {}) };
  const [count, last] = await Promise.all([
    tx.match.count({ where: ratedWhere(where) }),
    tx.ratingSnapshot.findFirst({
      where: scope,
      orderBy: [{ createdAt: "desc" }, { matchesCounted: "desc" }],
      select: { matchesCounted: true, ratings: true },
    }),
  ]);
  if (count === 0) return { rows: [], written: null };
  if (last && last.matchesCounted === count) return { rows: z.array(snapshotRowSchema).parse(last.ratings), written: null };
  const matches = await ratedMatches(tx, where);
  const rows = fitRatings(matches, await agentNames(tx, matches.flatMap((m) => [m.agentAId, m.agentBId])));
  const analysis = await snapshotAnalysis(tx, matches, Object.fromEntries(rows.map((r) => [r.agentId, r.rating])));
  await tx.ratingSnapshot.create({
    data: {
      ...scope,
      matchId: matches[matches.length - 1]!.id,
      matchesCounted: matches.length,
      ratings: rows as unknown as Prisma.InputJsonValue,
      analysis: analysis as unknown as Prisma.InputJsonValue,
      ciMethod: `bootstrap:${SNAPSHOT_BOOTSTRAP.rounds}+sandwich`,
    },
  });
  return { rows, written: { matchesCounted: matches.length } };
}

/**
 * Refits the examiner-wide scope of one examiner configuration (every tournament, and matches
 * outside tournaments) under its own lock; tournament ticks and standalone matches call it.
 */
export async function refitExaminerScope(db: PrismaClient, examinerConfigId: string): Promise<Refit> {
  return db.$transaction(async (tx) => {
    await lockFor(tx, LockSpace.examiner, examinerConfigId);
    return refitScope(tx, { examinerConfigId, tournamentId: null });
  }, TX_OPTIONS);
}

/** Latest stored snapshot rows of a scope (empty before the first rated match). */
export async function latestSnapshot(db: Db, scope: { examinerConfigId?: string; tournamentId: string | null }): Promise<SnapshotRow[]> {
  const last = await db.ratingSnapshot.findFirst({
    where: { tournamentId: scope.tournamentId, ...(scope.examinerConfigId ? { examinerConfigId: scope.examinerConfigId } : {}) },
    orderBy: [{ createdAt: "desc" }, { matchesCounted: "desc" }],
    select: { ratings: true },
  });
  return last ? z.array(snapshotRowSchema).parse(last.ratings) : [];
}
