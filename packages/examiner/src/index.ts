import { createHeuristicExaminer } from "./heuristic/examiner";
import { createLlmExaminer } from "./llm/examiner";
import { examinerConfigSchema, type Examiner, type ExaminerConfigInput } from "./types";

export { ExaminerUnavailableError, GenerationError, type Examiner, type ExaminerCall, type ExaminerConfigInput, type JudgeInput, type JudgeResult } from "./types";
export { judgeHeuristically, scoreAnswer, entityFound, factFound } from "./heuristic/judge";
export { cleanTitle } from "./text";

const DEFAULTS = { temperature: 0.2, promptVersion: "v1", maxAttempts: 3, maxRetries: 2, timeoutMs: 120_000 };

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
    temperature: c.temperature ?? DEFAULTS.temperature,
    doubleJudge: c.doubleJudge ?? false,
    promptVersion: c.promptVersion ?? DEFAULTS.promptVersion,
    maxAttempts: c.maxAttempts ?? DEFAULTS.maxAttempts,
    maxRetries: c.maxRetries ?? DEFAULTS.maxRetries,
    timeoutMs: c.timeoutMs ?? DEFAULTS.timeoutMs,
    fetch,
  });
}
