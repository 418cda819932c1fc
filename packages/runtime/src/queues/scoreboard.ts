import { arenaEnv } from "@arena/env";
import { DelayedError, type Job } from "bullmq";
import { enqueue, parsePayload, publishEvent } from "@arena/jobs";
import { isFresh, refreshScoreboard, scoreboardState, waitMs, type ScoreboardScope } from "@arena/scoring";
import type { WorkerContext } from "../context";
import { requestPeople } from "./people";
import { errorContext, log } from "../log";

/**
 * The leaderboard scopes' scoreboards (report-score columns, style- and citation-controlled
 * ratings; packages/scoring/src/scoreboard): one job per scope (job id from the scope, so any
 * number of requests while one waits are one computation, and two workers never compute one scope
 * at once), enqueued after a snapshot is written and after a round's scores are stored. The job
 * reads the scope's state in PostgreSQL when it runs: a fresh scope is skipped; a scope computed
 * moments ago waits its gap (the job is delayed, and requests meanwhile fold into it), then the
 * computation runs on a thread of its own and is stored beside the newest snapshot, and a
 * `scoreboard` event tells the web servers to drop their caches.
 */
export function scoreboardProcessor(ctx: WorkerContext) {
  return async (job: Job, token?: string) => {
    const scope = parsePayload("scoreboard", job.data);
    const state = await scoreboardState(ctx.db, scope);
    if (!state || isFresh(state)) return { skipped: state ? "fresh" : "no snapshot" };
    const wait = waitMs(state, arenaEnv().ARENA_SCOREBOARD_GAP_MS);
    if (wait > 0 && token) {
      await job.moveToDelayed(Date.now() + wait, token);
      throw new DelayedError();
    }
    const stored = await refreshScoreboard(ctx.db, scope);
    if (!stored) return { skipped: "no snapshot" };
    log("info", "scoreboard stored", {
      ...scope,
      snapshotId: stored.snapshotId,
      matchesCounted: stored.matchesCounted,
      ms: stored.ms,
      battles: stored.scoreboard.controlled.battles,
    });
    await publishEvent(ctx.redis, { type: "scoreboard", ...scope, matchesCounted: stored.matchesCounted });
    // The people's agreement compares with the examiner's newest ratings: computed alongside.
    if (scope.tournamentId === null) await requestPeople(ctx);
    // Requests made while this job ran were no-ops (its id was taken): if the scope changed
    // meanwhile, the job's `completed` handler (followUp) asks again once the id is free.
    const after = await scoreboardState(ctx.db, scope);
    return { snapshotId: stored.snapshotId, ms: stored.ms, again: after !== null && !isFresh(after) };
  };
}

/** After a scoreboard job completed (and left the queue): its follow-up request when the scope changed during it. */
export function followUp(ctx: WorkerContext) {
  return (job: Job, result: unknown) => {
    if (result && typeof result === "object" && "again" in result && result.again === true)
      void requestScoreboard(ctx, parsePayload("scoreboard", job.data));
  };
}

/** Asks for a scope's scoreboard to be recomputed. Never throws: the reconciler finds a stale scope whose request was lost. */
export async function requestScoreboard(ctx: WorkerContext, scope: ScoreboardScope): Promise<void> {
  await enqueue(ctx.queues.scoreboard, "scoreboard", scope).catch((err: unknown) =>
    log("warn", "enqueueing a scoreboard failed", { ...scope, ...errorContext(err) }),
  );
}
