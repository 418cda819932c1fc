export {
  roundScores,
  roundScoresSchema,
  agentScoreMeans,
  agentScoreMeansSchema,
  meanInterval,
  scoreVersion,
  verdictSide,
  type RoundScores,
  type AgentScoreMeans,
  type ScoreMean,
  type CitationView,
} from "./scores";
export { controlledLeaderboard, controlledLeaderboardSchema, type ControlledLeaderboard } from "./controlled";
export { scoreboard, scoreboardSchema, LEADERBOARD_METRICS, type Scoreboard, type LeaderboardMetric } from "./scoreboard";
