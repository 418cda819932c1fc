export { runMatch, type MatchDeps, type MatchResult, type RoundReport, type Seat } from "./run";
export type { Expansion, RoundOutcome, RoundRecord, SeatRecord } from "./round";
export { matchDeps, depsFor, loadMatchSetup, findAgent, type DepsOptions, type MatchSetup } from "./deps";
export { examinerFor, examinerConfigFor, llmExaminerConfigFromEnv, EXAMINER_MODE_TABLE } from "./examiner-modes";
export { createMatch, heuristicExaminerConfig, type NewMatch } from "./create";
export { ConcurrentRunError, MatchNotRunnableError, MatchDeferred } from "./errors";
export { cancelMatch, abandonPendingRuns } from "./cancel";
export { previewTask, type PreviewedTask } from "./preview";
export { examinerView } from "./target-view";
export {
  afterRunError,
  afterGenerationError,
  afterAnswers,
  failureOf,
  forfeitVerdict,
  thrownByAgent,
  roundLimitReached,
  MAX_GENERATION_FAILURES,
  type AfterRunError,
  type AfterGenerationError,
  type AfterAnswers,
  type Forfeit,
  type ForfeitReason,
} from "./failure-policy";
export {
  createExaminerConfig,
  rotateExaminerKey,
  testExaminerConnection,
  listExaminerConfigs,
  testStoredExaminer,
  type ExaminerConfigRow,
  newExaminerConfigSchema,
  llmConfigName,
  ExaminerConfigExistsError,
  type NewExaminerConfig,
  type ConnectionTest,
} from "./examiner-configs";
