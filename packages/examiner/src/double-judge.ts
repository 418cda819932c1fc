import { combineDoubleJudgement, swapVerdict } from "@arena/core";
import type { JudgeInput, JudgeResult } from "./types";

/** The same input with the two answers (and their citation counts) in swapped seats. */
function swapSeats(input: JudgeInput): JudgeInput {
  return { ...input, answerA: input.answerB, answerB: input.answerA, citationsA: input.citationsB, citationsB: input.citationsA };
}

/**
 * Position-bias control for the llm judge: judge as presented and with A/B swapped (both requests
 * in flight at once), map the second verdict back (core's swapVerdict) and combine (core's
 * combineDoubleJudgement: a disagreement on the winner gives a Tie). If either judgement fails,
 * the round is a judge error (a choice: a single judgement would silently mix judge modes within
 * one examiner configuration).
 */
export async function judgeTwice(
  judgeOnce: (input: JudgeInput, seed: string) => Promise<JudgeResult>,
  input: JudgeInput,
  seed: string,
): Promise<JudgeResult> {
  const [first, second] = await Promise.all([judgeOnce(input, seed), judgeOnce(swapSeats(input), `${seed}:swapped`)]);
  const calls = [...first.calls, ...second.calls];
  if (!first.verdict || !second.verdict) {
    return { verdict: null, error: `double judgement incomplete: ${first.error ?? second.error}`, calls };
  }
  return { verdict: combineDoubleJudgement(first.verdict, swapVerdict(second.verdict)), error: null, calls };
}
