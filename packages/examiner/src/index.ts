import { createHeuristicExaminer } from "./heuristic/examiner";
export { HEURISTIC_VERSION } from "./heuristic/examiner";
import { createLlmExaminer } from "./llm/examiner";
import { examinerConfigSchema, PROMPT_VERSION, type Examiner, type ExaminerConfigInput } from "./types";

export {
  ExaminerUnavailableError,
  GenerationError,
  PROMPT_VERSION,
  PROMPT_VERSIONS,
  type Examiner,
  type ExaminerCall,
  type ExaminerConfigInput,
  type JudgeInput,
  type JudgeResult,
  type PromptVersion,
} from "./types";
export { judgeHeuristically, scoreAnswer, entityFound, factFound } from "./heuristic/judge";
export { cleanTitle } from "./text";

/** Temperatures as in the reference implementation: 0.7 to generate, 0.1 to judge. */
export const EXAMINER_DEFAULTS = Object.freeze({
  generationTemperature: 0.7,
  judgeTemperature: 0.1,
  promptVersion: PROMPT_VERSION,
  maxAttempts: 3,
  maxRetries: 2,
  timeoutMs: 120_000,
});

/**
 * Builds an examiner from operator configuration. `llm` needs baseUrl and model (apiKey may be
 * empty for local servers); `heuristic` ignores the model settings.
 */
export function createExaminer(cfg: ExaminerConfigInput): Examiner {
  const { fetch, ...rest } = cfg;
  const c = examinerConfigSchema.parse(rest);
  // heuristic mode ignores doubleJudge: its judge is seat-symmetric (see createHeuristicExaminer)
  if (c.mode === "heuristic") return createHeuristicExaminer();
  if (!c.baseUrl || !c.model) throw new Error("llm examiner needs baseUrl and model");
  return createLlmExaminer({
    baseUrl: c.baseUrl,
    model: c.model,
    // The SDK refuses an empty key; local servers ignore the Authorization header.
    apiKey: c.apiKey || "none",
    generationTemperature: c.generationTemperature ?? EXAMINER_DEFAULTS.generationTemperature,
    judgeTemperature: c.judgeTemperature ?? EXAMINER_DEFAULTS.judgeTemperature,
    doubleJudge: c.doubleJudge ?? false,
    promptVersion: c.promptVersion ?? EXAMINER_DEFAULTS.promptVersion,
    maxAttempts: c.maxAttempts ?? EXAMINER_DEFAULTS.maxAttempts,
    maxRetries: c.maxRetries ?? EXAMINER_DEFAULTS.maxRetries,
    timeoutMs: c.timeoutMs ?? EXAMINER_DEFAULTS.timeoutMs,
    fetch,
  });
}
