export {
  createTournament,
  startTournament,
  pauseTournament,
  setTournamentBudget,
  removeParticipant,
  type TournamentBudget,
  resumeTournament,
  cancelTournament,
  addParticipant,
  TournamentStateError,
  TournamentInputError,
} from "./lifecycle";
export { advanceTournament, treesForPairing } from "./pairing/advance";
export {
  addAgentRequestSchema,
  newTournamentRequestSchema,
  participantRowSchema,
  tournamentRowSchema,
  type NewTournamentRequest,
} from "./requests";
export { ensureMatchJobs, enqueueTick, openTournamentQueues, withQueues, type TournamentQueues } from "./jobs";
export { ratedMatches, battlesOf, fitRatings, agentNames, SNAPSHOT_BOOTSTRAP, type RatedMatch } from "./ratings/rated";
export { refitScope, refitExaminerScope, type RatingScope, type Refit } from "./ratings/snapshots";
export { snapshotRowSchema, type SnapshotRow } from "./read/schemas";
export { snapshotAnalysis, ratedAgent } from "./ratings/analysis";
export { lockFor, LockSpace, TX_OPTIONS } from "./lock";
export { judgedRounds, type JudgedRound } from "./ratings/judged-rounds";
export { tournamentStatus, waitForTournament, waitForMatches, type TournamentStatusReport } from "./status";
export {
  plantedSkills,
  roundRobinSchedule,
  randomSchedule,
  simulationReport,
  dominantFailure,
  ensureSimulatedAgents,
  createScheduledMatches,
  SKEW,
  type ScheduledMatch,
  type SimulationReport,
} from "./simulation/planted-simulation";
export { launchTournament, resumeAndTick, addAgentAndTick, approveAgent, openTournament } from "./commands";
export { submitAgent, approveAndEnter } from "./submit";
export {
  runPairingSimulation,
  runPairingRule,
  playModelMatch,
  modelVerdict,
  pairingSimulationOptionsSchema,
  type SimulatedRule,
  type PairingRuleResult,
  type PairingSimulationOptions,
} from "./simulation/pairing-simulation";
export { enforceBudget } from "./budget";
export { attachFreshTree } from "./pairing/continuous";
