import { aggregateBattles, computeRatings, describeRating, RATING_FLAGS } from "@arena/core";
import type { Db } from "@arena/db";
import { z } from "zod";
import { resolveScope, type ScopeParams } from "./leaderboard";
import { snapshotRowSchema, unboundedSchema } from "./schemas";

/**
 * A continuous tournament's leaderboard over time (docs/tournaments.md): its rating history from the stored
 * snapshots, and its ratings over a window of recent matches (last N days).
 */

export const ratingHistorySchema = z.array(
  z.object({
    at: z.string(),
    matchesCounted: z.number().int(),
    ratings: z.array(
      z.object({
        agentId: z.string(),
        name: z.string(),
        rating: z.number(),
        lower: z.number(),
        upper: z.number(),
        /** Set when the fit has no finite rating for the agent (unbeaten or winless): `rating` is then only the fit's penalty-limited number. */
        unbounded: unboundedSchema.nullable(),
      }),
    ),
  }),
);
export type RatingHistory = z.infer<typeof ratingHistorySchema>;

/** At most this many points: a long-running tournament stores a snapshot per finished match. */
const HISTORY_POINTS = 100;

/** The tournament's rating history, or null for an unknown tournament (the API's 404). */
export async function readTournamentRatingHistory(db: Db, tournamentId: string): Promise<RatingHistory | null> {
  const exists = await db.tournament.findUnique({ where: { id: tournamentId }, select: { id: true } });
  return exists ? readRatingHistory(db, tournamentId) : null;
}

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
      ratings: snapshotRowSchema
        .array()
        .parse(s.ratings)
        .map((r) => ({
          agentId: r.agentId,
          name: r.name,
          rating: r.rating,
          lower: r.lower,
          upper: r.upper,
          unbounded: r.unbounded ?? null,
        })),
    })),
  );
}

export const windowRatingsSchema = z.object({
  days: z.number().int(),
  since: z.string(),
  matches: z.number().int(),
  rows: z.array(
    z.object({
      agentId: z.string(),
      name: z.string(),
      rating: z.number(),
      lower: z.number(),
      upper: z.number(),
      rank: z.number().int(),
      games: z.number(),
      unbounded: unboundedSchema.nullable(),
      /** How far `rating` can be read (@arena/core describeRating), as on the all-time rows. */
      ratingFlag: z.enum(RATING_FLAGS),
    }),
  ),
});
export type WindowRatings = z.infer<typeof windowRatingsSchema>;

/** The windows a leaderboard offers besides all time (the URL's and the API's `window=30d`). */
export const LEADERBOARD_WINDOWS = { "30d": 30 } as const;
export type LeaderboardWindow = keyof typeof LEADERBOARD_WINDOWS;

/** Which rated matches a window is fitted on: one tournament's, or all of an examiner configuration's. */
type WindowScope = { tournamentId: string } | { examinerConfigId: string };

/**
 * Ratings of the scope's matches finished in the last `days` days. Fitted on read (no snapshot
 * holds a window that moves with the clock), with the closed-form sandwich intervals rather than
 * a bootstrap, so the cost is one Bradley–Terry fit over the window's matches (docs/choices.md).
 */
async function fitWindow(db: Db, scope: WindowScope, days: number, now: Date): Promise<WindowRatings> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const matches = await db.match.findMany({
    where: { ...scope, status: "completed", winner: { not: null }, rounds: { gt: 0 }, finishedAt: { gte: since } },
    select: { agentAId: true, agentBId: true, winner: true, agentA: { select: { name: true } }, agentB: { select: { name: true } } },
  });
  const names = new Map(matches.flatMap((m) => [[m.agentAId, m.agentA.name] as const, [m.agentBId, m.agentB.name] as const]));
  const data = aggregateBattles(
    matches.map((m) => ({
      model_a: m.agentAId,
      model_b: m.agentBId,
      winner: m.winner === "A" ? "model_a" : m.winner === "B" ? "model_b" : "tie",
    })),
  );
  const rows = computeRatings(data, { ci: "sandwich" }).map((r) => ({
    agentId: r.model,
    name: names.get(r.model) ?? r.model,
    rating: r.rating,
    lower: r.lower,
    upper: r.upper,
    rank: r.rank,
    games: r.games,
    unbounded: r.unbounded,
    ratingFlag: describeRating(r).flag,
  }));
  return windowRatingsSchema.parse({ days, since: since.toISOString(), matches: matches.length, rows });
}

/** Ratings of one tournament's matches finished in the last `days` days (`arena leaderboard --window`). */
export function readWindowRatings(db: Db, tournamentId: string, days: number, now = new Date()): Promise<WindowRatings> {
  return fitWindow(db, { tournamentId }, days, now);
}

/**
 * The window of a leaderboard scope as the leaderboard resolves it (a tournament, else the named
 * or busiest examiner configuration): null for an unknown scope, or when no configuration exists.
 */
export async function readScopeWindowRatings(db: Db, params: ScopeParams, days: number, now = new Date()): Promise<WindowRatings | null> {
  const scope = await resolveScope(db, params);
  if (!scope?.config) return null;
  return fitWindow(db, scope.tournament ? { tournamentId: scope.tournament.id } : { examinerConfigId: scope.config.id }, days, now);
}
