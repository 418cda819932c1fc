import type { PrismaClient } from "@arena/db";
import { z } from "zod";
import { controlledLeaderboard, controlledLeaderboardSchema } from "./controlled";
import { agentScoreMeans, agentScoreMeansSchema, type ScoreMean } from "./scores";

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

export const scoreboardSchema = z.object({
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
export type Scoreboard = z.infer<typeof scoreboardSchema>;

const SCORE_INTERVAL =
  "95 % percentile bootstrap of the mean over scored rounds, resampling matches (500 resamples, fixed seed); unbounded (—) from fewer than two matches";

/**
 * The report-score columns of one leaderboard scope (examiner configuration, optionally one
 * tournament): per agent the mean citation accuracy, effective citations, claim F1 and RACE share
 * with intervals, one mode per column (offline and llm scores are never pooled); the agreement of
 * RACE with the verdicts; and the style- and citation-controlled ratings with their coefficients.
 */
export async function scoreboard(db: PrismaClient, params: { examinerConfigId: string; tournamentId?: string; bootstrapRounds?: number }): Promise<Scoreboard> {
  const scope = { examinerConfigId: params.examinerConfigId, ...(params.tournamentId ? { tournamentId: params.tournamentId } : {}) };
  const [means, controlled] = await Promise.all([
    agentScoreMeans(db, scope),
    controlledLeaderboard(db, { ...scope, ...(params.bootstrapRounds ? { bootstrapRounds: params.bootstrapRounds } : {}) }),
  ]);
  const modeOf = (metric: string) => {
    const modes = new Set(means.agents.filter((a) => a.metric === metric).map((a) => a.mode));
    return modes.has("llm") ? "llm" : modes.has("offline") ? "offline" : null;
  };
  const metrics = LEADERBOARD_METRICS.map((metric) => ({ metric, mode: modeOf(metric) }));
  const agents = new Map<string, { agentId: string; name: string; cells: Map<string, ScoreMean> }>();
  for (const a of means.agents) {
    const row = agents.get(a.agentId) ?? { agentId: a.agentId, name: a.name, cells: new Map<string, ScoreMean>() };
    row.cells.set(`${a.metric}\u0000${a.mode}`, a);
    agents.set(a.agentId, row);
  }
  return scoreboardSchema.parse({
    metrics,
    agents: [...agents.values()].map((a) => ({
      agentId: a.agentId,
      name: a.name,
      scores: Object.fromEntries(
        metrics.map(({ metric, mode }) => {
          const c = mode ? a.cells.get(`${metric}\u0000${mode}`) : undefined;
          return [metric, c ? { mean: c.mean, lower: c.lower, upper: c.upper, n: c.n, matches: c.matches } : null];
        }),
      ),
    })),
    interval: SCORE_INTERVAL,
    raceAgreement: means.raceAgreement,
    controlled,
  });
}
