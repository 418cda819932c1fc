export {
  createTournament,
  startTournament,
  pauseTournament,
  resumeTournament,
  cancelTournament,
  addParticipant,
  TournamentStateError,
} from "./lifecycle";
export { advanceTournament, treesForPairing } from "./advance";
export { ensureMatchJobs, enqueueTick, openTournamentQueues, type TournamentQueues } from "./jobs";
export { ratedMatches, battlesOf, fitRatings, agentNames, snapshotRowSchema, refitScope, refitExaminerScope, type RatedMatch, type RatingScope, type Refit } from "./ratings";
export { snapshotAnalysis } from "./analysis";
export { lockFor, LockSpace, TX_OPTIONS } from "./lock";
export { judgedRounds, type JudgedRound } from "./leaderboard";
export { tournamentStatus, waitForTournament, waitForMatches, type TournamentStatusReport } from "./status";
export {
  plantedSkills,
  roundRobinSchedule,
  randomSchedule,
  simulationReport,
  dominantFailure,
  ensureSimulatedAgents,
  SKEW,
  type ScheduledMatch,
  type SimulationReport,
} from "./simulation";
export { launchTournament, resumeAndTick, addAgentAndTick, approveAgent, openTournament } from "./commands";
