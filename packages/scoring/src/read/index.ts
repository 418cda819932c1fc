export {
  roundScores,
  roundScoresSchema,
  agentScoreMeans,
  agentScoreMeansSchema,
  scoreMeans,
  meanInterval,
  verdictSide,
  type RoundScores,
  type AgentScoreMeans,
  type ScoreMean,
  type ScoreRow,
  type CitationView,
} from "./scores";
export { controlledLeaderboardSchema, type ControlledLeaderboard } from "./controlled";
export {
  readScoreboard,
  scoreboardSchema,
  computedScoreboardSchema,
  EMPTY_SCOREBOARD,
  LEADERBOARD_METRICS,
  type Scoreboard,
  type ComputedScoreboard,
  type LeaderboardMetric,
} from "./scoreboard";
export { SCORER_INFO, metricKnownAnswerTested, type ScorerInfo } from "../descriptors";
