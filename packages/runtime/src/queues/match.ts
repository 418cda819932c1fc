import { DelayedError, type Job } from "bullmq";
import { parsePayload, publishEvent } from "@arena/jobs";
import { abandonPendingRuns, afterRunError, depsFor, loadMatchSetup, MatchDeferred, runMatch, type MatchSetup } from "@arena/match";
import { enforceBudget, enqueueTick, refitExaminerScope } from "@arena/tournament";
import type { WorkerContext } from "../context";
import { errorContext, log } from "../log";
import { requestScoreboard } from "./scoreboard";
import { scoreMatchWhenFinished } from "./scoring";

/**
 * Runs one match to completion (or resumes it). A match of a paused or cancelled tournament is
 * left alone: the tournament re-enqueues it when it resumes. When a tournament match ends, a
 * tournament job follows (ratings refit, next Swiss round when this one is complete).
 */
async function markFailed(ctx: WorkerContext, matchId: string, tournamentId: string | null, error: string): Promise<void> {
  await ctx.db.match.updateMany({
    where: { id: matchId, status: { in: ["queued", "running"] } },
    data: { status: "failed", error, finishedAt: new Date() },
  });
  await publishEvent(ctx.redis, { type: "match", matchId, tournamentId, status: "failed", winner: null });
  if (tournamentId) await enqueueTick(ctx.queues.tournament, tournamentId, `failed-${matchId}`);
}

/**
 * A finished match's rounds get their report-scoring jobs (unless its tournament turned scoring
 * off). A match outside any tournament refits its examiner configuration's arena-wide ratings
 * here; a tournament match's tick does that for it.
 */
async function afterFinished(
  ctx: WorkerContext,
  match: { id: string; tournamentId: string | null; examinerConfigId: string },
  winner: "A" | "B" | "tie",
): Promise<void> {
  await publishEvent(ctx.redis, { type: "match", matchId: match.id, tournamentId: match.tournamentId, status: "completed", winner });
  await scoreMatchWhenFinished(ctx, match.id);
  if (match.tournamentId) {
    await enqueueTick(ctx.queues.tournament, match.tournamentId, `after-${match.id}`);
    return;
  }
  const { written } = await refitExaminerScope(ctx.db, match.examinerConfigId);
  if (!written) return;
  await publishEvent(ctx.redis, {
    type: "snapshot",
    examinerConfigId: match.examinerConfigId,
    tournamentId: null,
    matchesCounted: written.matchesCounted,
  });
  await requestScoreboard(ctx, { examinerConfigId: match.examinerConfigId, tournamentId: null });
}

/**
 * A paused tournament's matches wait: resuming re-enqueues them. A cancelled or completed one gets
 * no more ticks, so its queued matches never start, but a match it had running (whose worker
 * crashed) resumes and finishes, as cancelling promises; skipping it would leave it running forever.
 */
function mayRun(tournament: string, match: string): boolean {
  if (tournament === "running") return true;
  return (tournament === "cancelled" || tournament === "completed") && match === "running";
}

/** The match's dependencies in this worker; agent calls may be deferred (background runs are polled from later jobs). */
async function workerDeps(ctx: WorkerContext, match: MatchSetup) {
  return depsFor(match, {
    sandboxUrl: ctx.sandboxUrl,
    ...(ctx.fetcher ? { fetcher: ctx.fetcher } : {}),
    trees: ctx.trees,
    allow: await ctx.allow(),
    limiter: ctx.limiter,
    log: (message, context) => log("warn", message, context),
  });
}

/** A match that will not go on: research runs it left going at the providers are cancelled there. */
async function abandonRuns(ctx: WorkerContext, matchId: string): Promise<void> {
  const match = await loadMatchSetup(ctx.db, matchId);
  if (!match?.state) return;
  try {
    const cancelled = await abandonPendingRuns(ctx.db, matchId, await workerDeps(ctx, match), match.state);
    if (cancelled) log("info", "cancelled pending research runs", { matchId, cancelled });
  } catch (err) {
    log("warn", "cancelling pending research runs failed", { matchId, ...errorContext(err) });
  }
}

export function matchProcessor(ctx: WorkerContext) {
  return async (job: Job, token?: string) => {
    const { matchId } = parsePayload("match", job.data);
    const match = await loadMatchSetup(ctx.db, matchId);
    if (!match || match.status === "completed" || match.status === "cancelled" || match.status === "failed") {
      if (match && match.status !== "completed") await abandonRuns(ctx, matchId);
      return { skipped: match?.status ?? "missing" };
    }
    if (match.tournament && !mayRun(match.tournament.status, match.status)) return { skipped: `tournament ${match.tournament.status}` };
    // A queued match of a tournament at its budget cap does not start (the tournament pauses).
    if (match.tournamentId && match.status === "queued") {
      const reason = await enforceBudget(ctx.db, match.tournamentId);
      if (reason) return { skipped: reason };
    }
    try {
      const deps = { ...(await workerDeps(ctx, match)), defer: true };
      // Progress is informational: a lost job (Redis emptied) must not crash the process.
      const progress = async (r: { round: number; score_a: number; score_b: number }) => {
        await publishEvent(ctx.redis, {
          type: "round",
          matchId,
          tournamentId: match.tournamentId,
          round: r.round,
          scoreA: r.score_a,
          scoreB: r.score_b,
        });
        await job
          .updateProgress({ round: r.round, score_a: r.score_a, score_b: r.score_b })
          .catch((err) => log("warn", "progress update failed", { matchId, ...errorContext(err) }));
      };
      const result = await runMatch(ctx.db, matchId, deps, (r) => void progress(r));
      log("info", "match finished", { ...result });
      await afterFinished(ctx, match, result.winner);
      return result;
    } catch (err) {
      // Research runs still going at their providers: this job comes back when the next look is
      // due (moved to the delayed set, its attempts untouched) and frees its slot meanwhile.
      if (err instanceof MatchDeferred) {
        await job.moveToDelayed(err.resumeAt, token);
        throw new DelayedError();
      }
      // The policy (packages/match failure-policy.ts) decides; a marked-failed match is not
      // revived (the reconciler only revives queued and running matches).
      const decision = afterRunError(err, job.attemptsMade, job.opts.attempts ?? 1);
      if (decision.kind === "stop_run") {
        log("warn", "this run stops", { matchId, reason: decision.reason });
        return { skipped: decision.reason };
      }
      if (decision.kind === "fail") {
        await markFailed(ctx, matchId, match.tournamentId, decision.error);
        await abandonRuns(ctx, matchId);
      }
      throw err;
    }
  };
}
