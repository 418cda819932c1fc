import type { AgentErrorClass, Verdict } from "@arena/core";
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

/** How a seat's agent failed a round: its error class, or `empty` (no text once trimmed). */
export type ForfeitReason = AgentErrorClass | "empty";

export interface Forfeit {
  /** The seat that failed; the other seat wins the round. */
  seat: "A" | "B";
  reason: ForfeitReason;
}

export type AfterAnswers =
  /** Both agents failed: nothing to compare. */
  | { kind: "void" }
  /** One agent failed: the other wins MUCH_BETTER by forfeit; no judge is asked. */
  | { kind: "forfeit"; forfeit: Forfeit; verdict: Verdict }
  /** Both answered: the examiner judges. */
  | { kind: "judge" };

/** Why a seat's answer cannot be judged, or null when it can. */
export function failureOf(answer: { text: string; error: { class: AgentErrorClass } | null }): ForfeitReason | null {
  if (answer.error) return answer.error.class;
  return answer.text.trim() === "" ? "empty" : null;
}

/**
 * After both answers are in, the same for every examiner mode. An agent error or an empty answer
 * is a forfeit: an empty answer states no wrong figure and misses nothing a judge can point at,
 * so a judge comparing it with a real answer can prefer it; nothing is compared instead. The
 * other seat wins MUCH_BETTER and the loop advances as for that verdict (scores, mercy rule); the
 * loser's failure type is BOTH (an answer that is not there covers neither depth nor width), so
 * the next round probes both. Both failing voids the round: it is stored, not counted, and does
 * not spend the budget. A judge error is stored with the round and spends one round of the
 * budget (core's onJudgeError, as in the reference), like a generation error.
 */
export function afterAnswers(
  a: { text: string; error: { class: AgentErrorClass } | null },
  b: { text: string; error: { class: AgentErrorClass } | null },
): AfterAnswers {
  const failedA = failureOf(a);
  const failedB = failureOf(b);
  if (failedA && failedB) return { kind: "void" };
  if (!failedA && !failedB) return { kind: "judge" };
  const forfeit: Forfeit = failedA ? { seat: "A", reason: failedA } : { seat: "B", reason: failedB! };
  return { kind: "forfeit", forfeit, verdict: forfeitVerdict(forfeit) };
}

/** The verdict a forfeit stands for; its reasoning says no judge gave it. */
export function forfeitVerdict(f: Forfeit): Verdict {
  const winner = f.seat === "A" ? "B" : "A";
  return {
    verdict: winner === "A" ? "[[A_MUCH_BETTER]]" : "[[B_MUCH_BETTER]]",
    tie_quality: "N/A",
    loser_failure_type: "BOTH",
    reasoning: `Forfeit: seat ${f.seat}'s agent ${f.reason === "empty" ? "answered nothing" : `failed (${f.reason})`}; seat ${winner} wins the round without a judgement.`,
  };
}

/**
 * Whatever the call to an agent threw is that agent's failure, never the arena's: the answer
 * came from the agent (a parser choking on it throws a RangeError as readily as a TypeError), so
 * retrying the job would only replay it and void the match. A cancelled match's abort is not a
 * failure of the agent and goes on up.
 */
export function thrownByAgent(err: unknown, signal?: AbortSignal): { class: AgentErrorClass; detail: string } {
  if (signal?.aborted) throw err;
  const what = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return { class: "malformed", detail: `the agent call threw ${what}`.slice(0, 300) };
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
