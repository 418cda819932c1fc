import { aggregateBattles, computeRatings } from "@arena/core";
import type { Db } from "@arena/db";
import { z } from "zod";
import { snapshotRowSchema } from "./schemas";

/**
 * A continuous tournament's leaderboard over time (issue 22): its rating history from the stored
 * snapshots, and its ratings over a window of recent matches (last N days).
 */

export const ratingHistorySchema = z.array(
  z.object({
    at: z.string(),
    matchesCounted: z.number().int(),
    ratings: z.array(z.object({ agentId: z.string(), name: z.string(), rating: z.number(), lower: z.number(), upper: z.number() })),
  }),
);
export type RatingHistory = z.infer<typeof ratingHistorySchema>;

/** At most this many points: a long-running tournament stores a snapshot per finished match. */
const HISTORY_POINTS = 100;

/** The tournament's snapshots, oldest first, thinned evenly to at most HISTORY_POINTS (the latest always kept). */
export async function readRatingHistory(db: Db, tournamentId: string): Promise<RatingHistory> {
  const rows = await db.ratingSnapshot.findMany({
    where: { tournamentId },
    orderBy: [{ createdAt: "asc" }, { matchesCounted: "asc" }],
    select: { createdAt: true, matchesCounted: true, ratings: true },
  });
  const step = Math.max(1, Math.ceil(rows.length / HISTORY_POINTS));
  const kept = rows.filter((_, k) => k % step === 0 || k === rows.length - 1);
  return ratingHistorySchema.parse(
    kept.map((s) => ({
      at: s.createdAt.toISOString(),
      matchesCounted: s.matchesCounted,
      ratings: snapshotRowSchema.array().parse(s.ratings).map((r) => ({ agentId: r.agentId, name: r.name, rating: r.rating, lower: r.lower, upper: r.upper })),
    })),
  );
}

export const windowRatingsSchema = z.object({
  days: z.number().int(),
  since: z.string(),
  matches: z.number().int(),
  rows: z.array(z.object({ agentId: z.string(), name: z.string(), rating: z.number(), lower: z.number(), upper: z.number(), rank: z.number().int(), games: z.number() })),
});
export type WindowRatings = z.infer<typeof windowRatingsSchema>;

/**
 * Ratings of the tournament's matches finished in the last `days` days. Fitted on read (no
 * snapshot holds a window that moves with the clock), with the closed-form sandwich intervals
 * rather than a bootstrap, so the cost is one Bradley–Terry fit over the window's matches.
 */
export async function readWindowRatings(db: Db, tournamentId: string, days: number, now = new Date()): Promise<WindowRatings> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const matches = await db.match.findMany({
    where: { tournamentId, status: "completed", winner: { not: null }, rounds: { gt: 0 }, finishedAt: { gte: since } },
    select: { agentAId: true, agentBId: true, winner: true, agentA: { select: { name: true } }, agentB: { select: { name: true } } },
  });
  const names = new Map(matches.flatMap((m) => [[m.agentAId, m.agentA.name] as const, [m.agentBId, m.agentB.name] as const]));
  const data = aggregateBattles(matches.map((m) => ({ model_a: m.agentAId, model_b: m.agentBId, winner: m.winner === "A" ? "model_a" : m.winner === "B" ? "model_b" : "tie" })));
  const rows = computeRatings(data, { ci: "sandwich" }).map((r) => ({ agentId: r.model, name: names.get(r.model) ?? r.model, rating: r.rating, lower: r.lower, upper: r.upper, rank: r.rank, games: r.games }));
  return windowRatingsSchema.parse({ days, since: since.toISOString(), matches: matches.length, rows });
}
