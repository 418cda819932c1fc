import type { Examiner, ExaminerCall, JudgeInput, JudgeResult } from "../types";
import { judgeTwice } from "../double-judge";
import { generateHeuristicTask } from "./generate";
import { judgeHeuristically } from "./judge";

/**
 * The offline heuristic examiner (SPEC §12). Each operation is recorded as one call with
 * model null and no tokens, so match records look alike in both modes while saying which mode
 * produced them. Generation failures surface as GenerationError like in llm mode.
 */
export function createHeuristicExaminer(opts: { doubleJudge: boolean }): Examiner {
  const record = (kind: ExaminerCall["kind"], prompt: unknown, raw: string | null, error: string | null, started: number): ExaminerCall => ({
    kind,
    attempt: 1,
    model: null,
    prompt,
    raw,
    error,
    tokensIn: null,
    tokensOut: null,
    costUsd: null,
    latencyMs: Math.round(performance.now() - started),
  });

  const judgeOnce = async (input: JudgeInput): Promise<JudgeResult> => {
    const started = performance.now();
    const verdict = judgeHeuristically(input);
    return { verdict, error: null, calls: [record("judge", input, JSON.stringify(verdict), null, started)] };
  };

  return {
    mode: "heuristic",
    model: null,
    async generateTask(ctx, { seed }) {
      const started = performance.now();
      const task = generateHeuristicTask(ctx, seed);
      return { task, calls: [record("generate", { context: ctx, seed }, JSON.stringify(task), null, started)] };
    },
    judge: (input, { seed }) => (opts.doubleJudge ? judgeTwice((i) => judgeOnce(i), input, seed) : judgeOnce(input)),
  };
}
