import { createHeuristicExaminer } from "./heuristic/examiner";
export { HEURISTIC_VERSION } from "./heuristic/examiner";
import { createLlmExaminer } from "./llm/examiner";
import type { ExaminerModeName } from "@arena/core";
import { arenaEnv } from "@arena/core/env";
import type { z } from "zod";
import { examinerConfigSchema, PROMPT_VERSION, type Examiner, type ExaminerConfigInput } from "./types";

type ExaminerConfig = z.output<typeof examinerConfigSchema>;

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
export { judgeHeuristically, scoreAnswer, entityFound, factFound, withoutUrls } from "./heuristic/judge";
export { isNavigation } from "./heuristic/generate";
export { cleanTitle, contentTokens, normalize, tokenCoverage } from "./text";
export { datesIn, numberMatches, numbersIn } from "./facts";

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
  return EXAMINER_BUILDERS[c.mode](c, fetch);
}

/** One builder per examiner mode (EXAMINER_MODES in @arena/core): a new mode adds its row here. */
const EXAMINER_BUILDERS: { [M in ExaminerModeName]: (c: ExaminerConfig, fetch?: typeof globalThis.fetch) => Examiner } = {
  // doubleJudge is ignored: the heuristic judge is seat-symmetric (see createHeuristicExaminer)
  heuristic: () => createHeuristicExaminer(),
  llm: (c, fetch) => {
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
      contentChars: c.contentChars ?? arenaEnv().ARENA_EXAMINER_CONTENT_CHARS,
      maxAttempts: c.maxAttempts ?? EXAMINER_DEFAULTS.maxAttempts,
      maxRetries: c.maxRetries ?? EXAMINER_DEFAULTS.maxRetries,
      timeoutMs: c.timeoutMs ?? EXAMINER_DEFAULTS.timeoutMs,
      fetch,
    });
  },
};
