import { z } from "zod";
import { agentResearchStatsSchema, researchStatsSchema } from "./research";
import {
  agentProtocolSchema,
  examinerModeSchema,
  FAILURE_TYPES,
  matchWinnerSchema,
  RATING_FLAGS,
  tournamentModeSchema,
  tournamentPairingSchema,
  unboundedSchema,
  VERDICT_TOKENS,
} from "@arena/core";

/**
 * Result schemas of the read functions: plain, serialisable data shared by the web app, its JSON
 * API (the OpenAPI document is generated from these), the CLI and the worker.
 */

const failureCounts = z.object(
  Object.fromEntries(FAILURE_TYPES.map((f) => [f, z.number()])) as Record<(typeof FAILURE_TYPES)[number], z.ZodNumber>,
);
const correlation = z.object({ r: z.number().nullable(), p: z.number().nullable(), n: z.number().int() });
const histogram = z.array(z.object({ value: z.number().int(), count: z.number().int() }));
const interval = z.object({ lower: z.number(), upper: z.number() });

/** Per agent, over the judged rounds of the scope's rated matches (docs/method.md §8). */
export const agentRoundStatsSchema = z.object({
  agentId: z.string(),
  rounds: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  /** (lost + tied rounds) / rounds. */
  failureRate: z.number(),
  /** Loser failure types of the rounds this agent lost. */
  lost: failureCounts,
  /** Shares of DEEP / WIDE / BOTH among lost rounds (NONE is the rest). */
  profile: z.object({ deep: z.number(), wide: z.number(), both: z.number() }),
});

/** Set when the agent's maximum-likelihood rating does not exist: @arena/core's schema, which its reads here import. */
export { unboundedSchema };

/** Analyses stored with a rating snapshot, computed from the same matches. */

/** One agent of a Bradley–Terry fit as stored: a topic's ratings here, the people's board in @arena/votes. */
export const ratedAgentSchema = z.object({
  agentId: z.string(),
  rating: z.number(),
  lower: z.number(),
  upper: z.number(),
  rank: z.number().int(),
  games: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  unbounded: unboundedSchema.nullable(),
});
export type RatedAgent = z.infer<typeof ratedAgentSchema>;

export const snapshotAnalysisSchema = z.object({
  rounds: z.number().int(),
  meanRoundsPerMatch: z.number(),
  agents: z.array(agentRoundStatsSchema),
  verdicts: z.object({
    rounds: z.number().int(),
    counts: z.object({ MUCH_BETTER: z.number(), BETTER: z.number(), TIE_HIGH: z.number(), TIE_LOW: z.number() }),
    shares: z.object({ MUCH_BETTER: z.number(), BETTER: z.number(), TIE_HIGH: z.number(), TIE_LOW: z.number() }),
    failureCounts,
    failureShares: failureCounts,
  }),
  depthHistogram: histogram,
  widthHistogram: histogram,
  skillGap: z.object({
    points: z.array(
      z.object({ agents: z.tuple([z.string(), z.string()]), gap: z.number(), meanRounds: z.number(), matches: z.number().int() }),
    ),
    correlation: correlation.nullable(),
  }),
  /** Directed pairs with at least one rated match: `a`'s record against `b` (match results). */
  pairwise: z.array(z.object({ a: z.string(), b: z.string(), games: z.number().int(), wins: z.number().int(), ties: z.number().int() })),
  /** Online Elo after rated matches in finishing order, thinned to at most ELO_HISTORY_POINTS points. */
  eloHistory: z.array(z.object({ matches: z.number().int(), at: z.string().nullable(), elo: z.record(z.string(), z.number()) })),
  /** Cost and time of each agent's research runs in the same matches (empty in snapshots written before it). */
  research: z.array(agentResearchStatsSchema).default([]),
  /** Ratings per tree topic, fitted on that topic's matches only (empty in snapshots written before it, or without topics). */
  categories: z
    .array(
      z.object({
        topic: z.string(),
        matches: z.number().int(),
        rows: z.array(ratedAgentSchema),
      }),
    )
    .default([]),
});
export type SnapshotAnalysis = z.infer<typeof snapshotAnalysisSchema>;

export const examinerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: examinerModeSchema,
  model: z.string().nullable(),
  baseUrl: z.string().nullable(),
  generationTemperature: z.number(),
  judgeTemperature: z.number(),
  doubleJudge: z.boolean(),
  promptVersion: z.string(),
  createdAt: z.string(),
  /** Rated matches judged under this configuration. */
  ratedMatches: z.number().int(),
});
export type ExaminerSummary = z.infer<typeof examinerSummarySchema>;

export const tournamentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(["draft", "running", "paused", "completed", "cancelled"]),
  examinerConfigId: z.string(),
  examinerName: z.string(),
  examinerMode: examinerModeSchema,
  currentRound: z.number().int(),
  swissRounds: z.number().int(),
  treesPerPairing: z.number().int(),
  pairing: tournamentPairingSchema,
  mode: tournamentModeSchema,
  agents: z.number().int(),
  trees: z.number().int(),
  matches: z.object({
    total: z.number().int(),
    completed: z.number().int(),
    running: z.number().int(),
    queued: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  }),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;

export const leaderboardRowSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  /** 1 + number of agents whose lower bound exceeds this agent's upper bound. */
  rank: z.number().int(),
  rating: z.number(),
  /** 95 % bootstrap interval (ranks use it). */
  lower: z.number(),
  upper: z.number(),
  /** 95 % sandwich (robust) interval, when the snapshot has one. */
  sandwich: interval.nullable(),
  elo: z.number(),
  matches: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  /** Matches won / matches played. */
  winRate: z.number(),
  /** Judged rounds played and their failure figures; null for snapshots written before analyses. */
  rounds: agentRoundStatsSchema.omit({ agentId: true }).nullable(),
  /** Cost and wall time per research run in the scope's rated matches; null for snapshots written before it. */
  research: researchStatsSchema.nullable(),
  /** Fewer rated matches than PRELIMINARY_MATCHES. */
  preliminary: z.boolean(),
  /** Unbeaten or winless: the rating is the fit's penalty, not an estimate; show the bound instead. */
  unbounded: unboundedSchema.nullable(),
  /** How far `rating` can be read (@arena/core describeRating): ok, wide (interval over 400 points on a side), unbeaten, winless. */
  ratingFlag: z.enum(RATING_FLAGS),
  /** The agent's metadata (optional leaderboard columns): who makes it, its model, when it was submitted. */
  organisation: z.string().nullable(),
  model: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /**
   * Passages people marked unsupported or wrong per 1,000 words of this agent's answers they read
   * (docs/voting.md); null when nobody read one. Filled by @arena/votes' readLeaderboardWithSpans,
   * absent from this package's own read.
   */
  flaggedPer1k: z.number().nullable().optional(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardViewSchema = z.object({
  examiner: examinerSummarySchema.nullable(),
  tournament: tournamentSummarySchema.pick({ id: true, name: true, status: true }).nullable(),
  /** The stored snapshot these numbers come from (never refitted per request); null before any rated match. */
  snapshot: z
    .object({
      id: z.string(),
      createdAt: z.string(),
      matchesCounted: z.number().int(),
      ciMethod: z.string(),
      /** Matches counted by the snapshot before it; null for the scope's first snapshot. */
      previousMatchesCounted: z.number().int().nullable(),
    })
    .nullable(),
  preliminaryMatches: z.number().int(),
  rows: z.array(leaderboardRowSchema),
  analysis: snapshotAnalysisSchema.nullable(),
});
export type LeaderboardView = z.infer<typeof leaderboardViewSchema>;

export const scopesViewSchema = z.object({
  examiners: z.array(examinerSummarySchema),
  tournaments: z.array(tournamentSummarySchema.pick({ id: true, name: true, status: true, examinerConfigId: true })),
});
export type ScopesView = z.infer<typeof scopesViewSchema>;

/**
 * One line of the public battle file: FastChat's `model_a`, `model_b`, `winner` (what arena-rank
 * style tools read), then where the battle comes from — the match, when it finished, its tree and
 * the examiner configuration that judged it.
 */
export const battleLineSchema = z.object({
  model_a: z.string(),
  model_b: z.string(),
  winner: z.enum(["model_a", "model_b", "tie"]),
  match_id: z.string(),
  finished_at: z.string().nullable(),
  tree_id: z.string(),
  tree: z.string().nullable(),
  examiner_config_id: z.string(),
  examiner_config: z.string(),
});
export type BattleLine = z.infer<typeof battleLineSchema>;

const matchRefSchema = z.object({
  id: z.string(),
  treeId: z.string(),
  treeTitle: z.string().nullable(),
  agentA: z.object({ id: z.string(), name: z.string() }),
  agentB: z.object({ id: z.string(), name: z.string() }),
  status: z.enum(["queued", "running", "completed", "failed", "cancelled"]),
  winner: matchWinnerSchema.nullable(),
  scoreA: z.number(),
  scoreB: z.number(),
  rounds: z.number().int(),
});

export const tournamentViewSchema = tournamentSummarySchema.extend({
  seed: z.string(),
  participants: z.array(z.object({ agentId: z.string(), name: z.string(), joinedRound: z.number().int(), byes: z.number().int() })),
  rounds: z.array(
    z.object({
      number: z.number().int(),
      status: z.enum(["queued", "running", "completed", "failed", "cancelled"]),
      pairings: z.array(
        z.object({
          id: z.string(),
          agentA: z.object({ id: z.string(), name: z.string() }),
          /** Null for a bye. */
          agentB: z.object({ id: z.string(), name: z.string() }).nullable(),
          matches: z.array(matchRefSchema),
        }),
      ),
    }),
  ),
  /** Running cost of the tournament: every research run stored so far, whatever its match's status. */
  cost: researchStatsSchema,
  /** Caps (USD, null: none), why it paused (a cap it reached), and what each agent spent so far. */
  budget: z.object({
    costCapUsd: z.number().nullable(),
    agentCapUsd: z.number().nullable(),
    pauseReason: z.string().nullable(),
    spentUsd: z.number(),
    perAgent: z.array(z.object({ agentId: z.string(), name: z.string(), costUsd: z.number() })),
  }),
  /** The tournament's latest snapshot, best first (empty before its first rated match). */
  ratings: z.array(
    leaderboardRowSchema.pick({
      agentId: true,
      name: true,
      rank: true,
      rating: true,
      lower: true,
      upper: true,
      elo: true,
      matches: true,
      wins: true,
      losses: true,
      ties: true,
      preliminary: true,
      unbounded: true,
      ratingFlag: true,
    }),
  ),
});
export type TournamentView = z.infer<typeof tournamentViewSchema>;

export const agentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  protocol: agentProtocolSchema,
  model: z.string().nullable(),
  /** Who makes it, and a page about it (http(s)), as its owner gave them. */
  organisation: z.string().nullable(),
  link: z.string().nullable(),
  /** failing: its last rounds all ended in its error, or its last health check failed (@arena/agents play-health). */
  status: z.enum(["pending", "healthy", "failing", "unhealthy", "disabled"]),
  /** Its owner deleted it after it had played: its matches and ratings stay, it plays no more. */
  retired: z.boolean(),
  builtin: z.boolean(),
  createdAt: z.string(),
  matches: z.number().int(),
});
export type AgentSummary = z.infer<typeof agentSummarySchema>;

export const agentViewSchema = agentSummarySchema.extend({
  /** The owner's description: Markdown from a stranger, to be rendered sanitised (or as text). */
  description: z.string().nullable(),
  examiner: examinerSummarySchema.nullable(),
  /** Every examiner configuration with rated matches of this agent (ratings are per configuration). */
  examiners: z.array(examinerSummarySchema.pick({ id: true, name: true, mode: true }).extend({ ratedMatches: z.number().int() })),
  /** This agent's row in the examiner-wide leaderboard, if rated. */
  rating: leaderboardRowSchema.nullable(),
  /** Its rating in each stored snapshot of the examiner-wide scope, oldest first (thinned). */
  ratingHistory: z.array(
    z.object({
      at: z.string(),
      matchesCounted: z.number().int(),
      rating: z.number(),
      lower: z.number(),
      upper: z.number(),
      elo: z.number(),
      unbounded: unboundedSchema.nullable(),
    }),
  ),
  headToHead: z.array(
    z.object({
      opponentId: z.string(),
      opponent: z.string(),
      games: z.number().int(),
      wins: z.number().int(),
      losses: z.number().int(),
      ties: z.number().int(),
    }),
  ),
  /** Cost and wall time per research run over every stored round of the agent, all matches. */
  research: researchStatsSchema,
  matchesList: z.array(matchRefSchema.extend({ finishedAt: z.string().nullable(), tournamentId: z.string().nullable() })),
});
export type AgentView = z.infer<typeof agentViewSchema>;

export { matchRefSchema, VERDICT_TOKENS };

/** One agent's row of a stored rating snapshot (RatingSnapshot.ratings). */
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
  /** Absent from snapshots stored before unbounded estimates were detected. */
  unbounded: unboundedSchema.nullable().optional(),
});
export type SnapshotRow = z.infer<typeof snapshotRowSchema>;
