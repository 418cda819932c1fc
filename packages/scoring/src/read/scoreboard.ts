import type { Db } from "@arena/db";
import { z } from "zod";
import { controlledLeaderboardSchema } from "./controlled";
import { agentScoreMeansSchema } from "./scores";

/** The report scores a leaderboard shows beside the ratings, in column order. */
export const LEADERBOARD_METRICS = ["citation_accuracy", "citation_effective", "claim_f1", "race_share"] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];

const cellSchema = z
  .object({
    mean: z.number(),
    lower: z.number().nullable(),
    upper: z.number().nullable(),
    n: z.int(),
    matches: z.int(),
  })
  .nullable();

/** What a worker computes for a scope and stores beside its rating snapshot (../scoreboard). */
export const computedScoreboardSchema = z.object({
  /** Each column's mode: `llm` when any answer of the scope was scored by a judge model, else `offline`; null: no score yet. */
  metrics: z.array(z.object({ metric: z.enum(LEADERBOARD_METRICS), mode: z.enum(["offline", "llm"]).nullable() })),
  agents: z.array(
    z.object({
      agentId: z.string(),
      name: z.string(),
      scores: z.object(Object.fromEntries(LEADERBOARD_METRICS.map((m) => [m, cellSchema])) as Record<LeaderboardMetric, typeof cellSchema>),
    }),
  ),
  /** How the intervals are computed (shown under the table). */
  interval: z.string(),
  raceAgreement: agentScoreMeansSchema.shape.raceAgreement,
  controlled: controlledLeaderboardSchema,
});
export type ComputedScoreboard = z.infer<typeof computedScoreboardSchema>;

export const scoreboardSchema = computedScoreboardSchema.extend({
  /**
   * Which computation this is: the rating snapshot it was stored with (its id and the matches
   * it counted) and when it was computed; null before a worker computed the scope's first one.
   * `stale`: the scope changed since (a newer snapshot, new scores): a worker is recomputing it.
   */
  computed: z
    .object({ snapshotId: z.string(), matchesCounted: z.int(), at: z.iso.datetime(), ms: z.int().nullable(), stale: z.boolean() })
    .nullable(),
});
export type Scoreboard = z.infer<typeof scoreboardSchema>;

export const EMPTY_SCOREBOARD: Scoreboard = {
  metrics: [],
  agents: [],
  interval: "",
  raceAgreement: { rounds: 0, agree: 0, rate: null },
  controlled: { battles: 0, ratings: [], coefficients: [] },
  computed: null,
};

/**
 * The report-score columns of one leaderboard scope (examiner configuration, optionally one
 * tournament) as a worker last stored them: from the newest rating snapshot of the scope that has
 * a scoreboard, so readers keep the last result while a newer one is computed. Never computed
 * here (seconds of CPU for thousands of matches). EMPTY_SCOREBOARD before the first computation.
 */
export async function readScoreboard(db: Db, scope: { examinerConfigId: string; tournamentId?: string | null }): Promise<Scoreboard> {
  const where = { examinerConfigId: scope.examinerConfigId, tournamentId: scope.tournamentId ?? null };
  const [stored, latest] = await Promise.all([
    db.ratingSnapshot.findFirst({
      where: { ...where, scoreboardAt: { not: null } },
      orderBy: [{ createdAt: "desc" }, { matchesCounted: "desc" }],
      select: { id: true, matchesCounted: true, scoreboard: true, scoreboardAt: true, scoreboardMs: true, scoreboardStaleAt: true },
    }),
    db.ratingSnapshot.findFirst({ where, orderBy: [{ createdAt: "desc" }, { matchesCounted: "desc" }], select: { id: true } }),
  ]);
  if (!stored?.scoreboard || !stored.scoreboardAt) return EMPTY_SCOREBOARD;
  const stale = latest?.id !== stored.id || (stored.scoreboardStaleAt !== null && stored.scoreboardStaleAt > stored.scoreboardAt);
  return scoreboardSchema.parse({
    ...computedScoreboardSchema.parse(stored.scoreboard),
    computed: {
      snapshotId: stored.id,
      matchesCounted: stored.matchesCounted,
      at: stored.scoreboardAt.toISOString(),
      ms: stored.scoreboardMs,
      stale,
    },
  });
}
