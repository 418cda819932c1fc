import { GenerationError } from "@arena/examiner";
import { ConcurrentRunError, MatchNotRunnableError } from "./errors";
import type { MatchState } from "./state";

/**
 * What a match does when something fails, decided here and nowhere else; the runner and the
 * worker runtime carry the decisions out. Failures of the examiner's *content* (a question it
 * could not write, a judgement it could not give) and of the agents are part of the match and
 * stored with it; failures that say nothing about the match (the examiner unreachable, the
 * database, a crash) end the job so it is retried from the last stored round.
 */

/** Consecutive generation failures tolerated before the match gives up on the tree. */
export const MAX_GENERATION_FAILURES = 8;

export type AfterGenerationError =
  /** Jump to a new random start and generate again (the round is not counted). */
  | { kind: "jump"; detail: string }
  /** End the match with the scores so far, saying why. */
  | { kind: "end"; reason: string }
  /** Not a generation failure (e.g. the examiner is unreachable): the job fails and is retried. */
  | { kind: "rethrow" };

/** After question generation threw; `failures` counts consecutive failures, this one included. */
export function afterGenerationError(err: unknown, failures: number): AfterGenerationError {
  if (!(err instanceof GenerationError)) return { kind: "rethrow" };
  if (failures > MAX_GENERATION_FAILURES) return { kind: "end", reason: `question generation failed ${failures} times: ${err.message}` };
  return { kind: "jump", detail: err.message };
}

/**
 * Both agents failed: the round is stored voided, not judged, and does not spend the budget; one
 * failure is judged (an empty answer loses). A judge error is stored with the round and spends one
 * round of the budget (core's onJudgeError, as in the reference), like a generation error.
 */
export function afterAnswers(a: { error: unknown }, b: { error: unknown }): "void" | "judge" {
  return a.error && b.error ? "void" : "judge";
}

/**
 * Stored rounds allowed per match: voided rounds do not spend the budget, so a match whose agents
 * keep failing must still end. Returns why the match ends, or null.
 */
export function roundLimitReached(state: MatchState): string | null {
  if (state.seq < state.loop.config.maxRounds * 2) return null;
  return `stopped after ${state.seq} stored rounds (${state.voided} voided, ${state.judgeErrors} judge errors)`;
}

export type AfterRunError =
  /** Another run owns the match, or there is nothing to run: this job ends quietly. */
  | { kind: "stop_run"; reason: string }
  /** The job fails and the queue retries it; the match resumes from its last stored round. */
  | { kind: "retry" }
  /** Out of attempts: the match is marked failed (unrated), so its tournament round can finish. */
  | { kind: "fail"; error: string };

/** After a match job's run threw; `attemptsMade` counts earlier attempts, `attempts` is the job's allowance. */
export function afterRunError(err: unknown, attemptsMade: number, attempts: number): AfterRunError {
  if (err instanceof ConcurrentRunError || err instanceof MatchNotRunnableError) return { kind: "stop_run", reason: err.message };
  if (attemptsMade + 1 < attempts) return { kind: "retry" };
  return { kind: "fail", error: err instanceof Error ? err.message : String(err) };
}
