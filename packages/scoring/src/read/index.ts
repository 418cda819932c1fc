export { roundScores, roundScoresSchema, agentScoreMeans, agentScoreMeansSchema, meanInterval, type RoundScores, type AgentScoreMeans } from "./scores";
export { controlledLeaderboard, controlledLeaderboardSchema, type ControlledLeaderboard } from "./controlled";
