export { runMatch, MatchNotRunnableError, type MatchDeps, type MatchResult, type RoundReport, type Seat, type Expansion } from "./run";
export { matchDeps, depsFor, loadMatchSetup, examinerFor, findAgent, type DepsOptions, type MatchSetup } from "./deps";
export { createMatch, examinerConfigFor, heuristicExaminerConfig, llmExaminerConfigFromEnv, type NewMatch } from "./create";
export { ConcurrentRunError } from "./persist";
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
