import { arenaEnv, parseArenaEnv } from "@arena/env";
import type { Job, Queue } from "bullmq";
import { createQueue, enqueue, parsePayload, type Payload } from "@arena/jobs";
import { cachedPages, judgeFromEnv, scorableRounds, scoreRound, type ScoreMode, type ScoringDeps } from "@arena/scoring";
import { sandboxPageFetcher } from "@arena/trees";
import type { WorkerContext } from "../context";
import { errorContext, log } from "../log";
import { requestScoreboard } from "./scoreboard";

/**
 * Report scoring (packages/scoring): one job per round, payload { roundId }, enqueued by the match
 * worker when a match finishes. Scores are upserts on (round, side, metric), so a retried or
 * duplicated job rewrites the same rows. A judge outage (JudgeUnavailableError) fails the job and
 * BullMQ retries it with backoff.
 *
 * Mode: ARENA_SCORING_MODE=llm uses the judge of ARENA_SCORING_* (or the examiner's
 * ARENA_EXAMINER_*); anything else scores offline. Cited pages come from this worker's sandbox
 * (its corpus in process, else over HTTP through the guarded client), through one content cache
 * for every round this process scores.
 */
export function scoringDeps(ctx: WorkerContext, env?: Record<string, string | undefined>): ScoringDeps {
  const judge = judgeFromEnv(env);
  const wanted = (env ? parseArenaEnv(env) : arenaEnv()).ARENA_SCORING_MODE;
  const mode: ScoreMode = wanted === "llm" && judge ? "llm" : "offline";
  if (wanted === "llm" && !judge) log("warn", "ARENA_SCORING_MODE=llm without a judge model: scoring offline");
  return { mode, judge, pages: cachedPages(ctx.fetcher ?? sandboxPageFetcher(ctx.sandboxUrl)) };
}

/** Gives every scorable round of a match a scoring job (job ids per round: enqueuing twice is a no-op). */
export async function enqueueMatchScoring(ctx: WorkerContext, queue: Queue<Payload<"scoring">>, matchId: string): Promise<number> {
  const match = await ctx.db.match.findUnique({
    where: { id: matchId },
    select: { status: true, tournament: { select: { scoreReports: true } } },
  });
  if (match?.status !== "completed" || match.tournament?.scoreReports === false) return 0;
  const rounds = await scorableRounds(ctx.db, matchId);
  for (const roundId of rounds) await enqueue(queue, "scoring", { roundId });
  return rounds.length;
}

/**
 * The scoring queue of a worker context, opened once on its connection and closed with it. The
 * match worker enqueues a finished match's rounds here directly (scoreMatchWhenFinished); the
 * context's fixed set of queues stays as it is.
 */
const queues = new WeakMap<WorkerContext, Queue<Payload<"scoring">>>();
export function scoringQueue(ctx: WorkerContext): Queue<Payload<"scoring">> {
  let queue = queues.get(ctx);
  if (!queue) {
    const q = createQueue("scoring", ctx.redis);
    queues.set(ctx, q);
    ctx.redis.once("end", () => void q.close());
    queue = q;
  }
  return queue;
}

/**
 * Called by the match worker when a match has finished: its rounds get scoring jobs at once.
 * Never throws: the match is stored and rated whatever happens here, and the startup sweep
 * (below) catches a match whose enqueue was lost.
 */
export async function scoreMatchWhenFinished(ctx: WorkerContext, matchId: string): Promise<void> {
  await enqueueMatchScoring(ctx, scoringQueue(ctx), matchId).catch((err) =>
    log("warn", "enqueueing scoring failed", { matchId, ...errorContext(err) }),
  );
}

/**
 * At start, the rounds of finished matches that have no score yet are enqueued (a bounded sweep,
 * newest matches first): a worker that crashed between finishing a match and enqueueing its
 * rounds leaves them unscored otherwise. Job ids per round make this a no-op for queued rounds.
 */
async function sweepUnscored(ctx: WorkerContext): Promise<void> {
  const unscored = await ctx.db.match.findMany({
    where: {
      status: "completed",
      roundRows: { some: { voided: false, reportScores: { none: {} } } },
      OR: [{ tournamentId: null }, { tournament: { scoreReports: true } }],
    },
    select: { id: true },
    orderBy: { finishedAt: "desc" },
    take: SWEEP_MATCHES,
  });
  for (const m of unscored) await scoreMatchWhenFinished(ctx, m.id);
}

const SWEEP_MATCHES = 200;

export function scoringProcessor(ctx: WorkerContext) {
  const deps = scoringDeps(ctx);
  sweepUnscored(ctx).catch((err) => log("error", "scoring: sweeping unscored matches failed", errorContext(err)));
  return async (job: Job) => {
    const { roundId } = parsePayload("scoring", job.data);
    const result = await scoreRound(ctx.db, roundId, deps);
    for (const scope of result.stale ?? []) await requestScoreboard(ctx, scope);
    return result;
  };
}
