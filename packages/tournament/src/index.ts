export {
  createTournament,
  startTournament,
  pauseTournament,
  resumeTournament,
  cancelTournament,
  addParticipant,
  withTournamentLock,
  newTournamentSchema,
  TournamentStateError,
  type NewTournament,
} from "./lifecycle";
export { advanceTournament, treesForPairing, type AdvanceOutcome } from "./advance";
export { ensureMatchJob, ensureMatchJobs, enqueueTick, type TournamentQueues } from "./jobs";
export {
  ratedMatches,
  battlesOf,
  fitRatings,
  refitScope,
  refitGlobal,
  latestSnapshot,
  agentNames,
  snapshotRowSchema,
  SNAPSHOT_BOOTSTRAP,
  LEADERBOARD_BOOTSTRAP_ROUNDS,
  type RatedMatch,
  type SnapshotRow,
  type Refit,
} from "./ratings";
export { leaderboard, judgedRounds, type Leaderboard, type LeaderboardAgent, type JudgedRound } from "./leaderboard";
export { tournamentStatus, waitForTournament, waitForMatches, type TournamentStatusReport } from "./status";
export type { Db } from "./lock";
export {
  plantedSkills,
  roundRobinSchedule,
  randomSchedule,
  simulationReport,
  skillSpearman,
  dominantFailure,
  ensureSimulatedAgents,
  SKILL_RANGE,
  SKEW,
  type PlantedAgent,
  type ScheduledMatch,
  type AgentOutcome,
  type SimulationReport,
} from "./simulation";
