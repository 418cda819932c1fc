import type { AgentAnswer, AgentRequest } from "@arena/core";
import { setTimeout as sleep } from "node:timers/promises";
import { failedAfter } from "./answer";
import type { AnswerContext, BackgroundRuns, PendingRun, RunStep } from "./types";

/**
 * Background runs (see BackgroundRuns): the pieces every protocol with runs that go on at the
 * provider shares. A match worker stores a pending run with the match and re-queues itself; a
 * process without a queue (`arena match run`, "Test endpoint") waits here instead.
 */

/** Shortest and longest wait between two looks at a run, whatever the provider asks. */
export const MIN_POLL_MS = 100;
export const MAX_POLL_MS = 60_000;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The run still going: look again after `waitMs` (bounded), never later than its deadline. */
export function stillRunning(run: Omit<PendingRun, "pollAt">, waitMs: number, deadlineMs: number): RunStep {
  const pollAt = Math.min(Date.now() + clamp(waitMs, MIN_POLL_MS, MAX_POLL_MS), run.startedAt + deadlineMs);
  return { pending: { ...run, pollAt } };
}

/** Whether the run's deadline has passed. */
export function pastDeadline(run: Pick<PendingRun, "startedAt">, deadlineMs: number): boolean {
  return Date.now() >= run.startedAt + deadlineMs;
}

/** A run that did not finish within its deadline (it is cancelled by the caller). */
export function deadlineFailure(run: Pick<PendingRun, "startedAt">, deadlineMs: number): AgentAnswer {
  return failedAfter({ class: "timeout", detail: `no answer within the ${deadlineMs} ms deadline` }, Date.now() - run.startedAt);
}

/**
 * Runs to the end in this process: start, then sleep until each next look. Aborting `ctx.signal`
 * cancels the run at the provider (a match cancelled, Ctrl-C), so it does not go on being billed.
 */
export async function untilDone(runs: BackgroundRuns, req: AgentRequest, ctx: AnswerContext): Promise<AgentAnswer> {
  let step = await runs.start(req, ctx);
  while ("pending" in step) {
    const run = step.pending;
    try {
      await sleep(Math.max(0, run.pollAt - Date.now()), undefined, ctx.signal ? { signal: ctx.signal } : undefined);
    } catch {
      await runs.cancel(run);
      return failedAfter({ class: "timeout", detail: "the run was aborted and cancelled" }, Date.now() - run.startedAt);
    }
    step = await runs.poll(run, ctx);
    if ("done" in step && ctx.signal?.aborted) await runs.cancel(run);
  }
  return step.done;
}
