import type { Job } from "bullmq";
import { enqueue, parsePayload } from "@arena/jobs";
import { ConcurrentRunError, matchDeps, runMatch } from "@arena/match";
import type { WorkerContext } from "../context";
import { errorContext, log } from "../log";

/**
 * Runs one match to completion (or resumes it). A match of a paused or cancelled tournament is
 * left alone: the tournament re-enqueues it when it resumes. When a tournament match ends, a
 * tournament job follows (ratings refit, next Swiss round when this one is complete).
 */
export function matchProcessor(ctx: WorkerContext) {
  return async (job: Job) => {
    const { matchId } = parsePayload("match", job.data);
    const match = await ctx.db.match.findUnique({ where: { id: matchId }, include: { tournament: { select: { status: true } } } });
    if (!match || match.status === "completed" || match.status === "cancelled") return { skipped: match?.status ?? "missing" };
    if (match.tournament && match.tournament.status !== "running") return { skipped: `tournament ${match.tournament.status}` };
    const deps = await matchDeps(ctx.db, matchId, {
      sandboxUrl: ctx.sandboxUrl,
      allow: await ctx.allow(),
      limiter: ctx.limiter,
      log: (message, context) => log("warn", message, context),
    });
    try {
      const result = await runMatch(ctx.db, matchId, deps, (r) => void job.updateProgress({ round: r.round, score_a: r.score_a, score_b: r.score_b }));
      log("info", "match finished", { ...result });
      if (match.tournamentId) await enqueue(ctx.queues.tournament, "tournament", { tournamentId: match.tournamentId }, { jobIdSuffix: `after-${matchId}` });
      return result;
    } catch (err) {
      if (err instanceof ConcurrentRunError) {
        log("warn", "another run of this match is ahead; this run stops", { matchId });
        return { skipped: "concurrent run" };
      }
      log("error", "match failed", { matchId, attempt: job.attemptsMade + 1, ...errorContext(err) });
      throw err;
    }
  };
}
