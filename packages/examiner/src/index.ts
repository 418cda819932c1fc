/**
 * What every examiner mode shares. Each mode's examiner is built by its own folder's examiner.ts,
 * imported as `@arena/examiner/<mode>` (one export pattern in package.json covers them all), so a
 * new mode adds its folder and nothing here; @arena/match holds the one row per mode that uses it.
 */
export { HEURISTIC_VERSION } from "./heuristic/examiner";

export {
  EXAMINER_DEFAULTS,
  ExaminerUnavailableError,
  GenerationError,
  PROMPT_VERSION,
  PROMPT_VERSIONS,
  type Examiner,
  type ExaminerCall,
  type JudgeInput,
  type JudgeResult,
  type PromptVersion,
} from "./types";
export { judgeHeuristically, scoreAnswer, entityFound, factFound, withoutUrls } from "./heuristic/judge";
export { isNavigation } from "./heuristic/generate";
export { cleanTitle, contentTokens, normalize, tokenCoverage } from "./text";
export { datesIn, numberMatches, numbersIn } from "./facts";
