/**
 * Read functions of the tournament package (leaderboard, battles, tournaments, agents):
 * `(db, params) → plain serialisable data` validated by the schemas beside them. This entry point
 * loads no queue code (no BullMQ, no ioredis), so web pages and route handlers can import it.
 */
export * from "./schemas";
export { readScopes, readLeaderboard, readBattles, scopeParamsSchema, PRELIMINARY_MATCHES, type ScopeParams } from "./leaderboard";
export * from "./leaderboard-columns";
export { readTournaments, readTournament } from "./tournaments";
export { readParticipantIds } from "./participants";
export { readAgents, readAgent } from "./agents";
export { TOURNAMENT_ACTIONS, actionAllowed, type TournamentAction } from "./actions";
export {
  researchStats,
  totalOf,
  researchStatsSchema,
  agentResearchStatsSchema,
  type ResearchStats,
  type AgentResearchStats,
  type ResearchScope,
} from "./research";
export { readTournamentEstimate, tournamentSpending, tournamentEstimateSchema } from "./spending";
export {
  readRatingHistory,
  readTournamentRatingHistory,
  readWindowRatings,
  readScopeWindowRatings,
  ratingHistorySchema,
  windowRatingsSchema,
  LEADERBOARD_WINDOWS,
  type LeaderboardWindow,
  type RatingHistory,
  type WindowRatings,
} from "./history";
export { readArenaOverview, arenaOverviewSchema, type ArenaOverview } from "./overview";
