import type { Job, Queue } from "bullmq";
import { createQueue, createRedis, enqueue, parsePayload, subscribeEvents, type Payload } from "@arena/jobs";
import { cachedPages, judgeFromEnv, scorableRounds, scoreRound, type ScoreMode, type ScoringDeps } from "@arena/scoring";
import { sandboxPageFetcher } from "@arena/trees";
import type { WorkerContext } from "../context";
import { errorContext, log } from "../log";

/**
 * Report scoring (packages/scoring): one job per round, payload { roundId }. Scores are upserts
 * on (round, side, metric), so a retried or duplicated job rewrites the same rows. A judge outage
 * (JudgeUnavailableError) fails the job and BullMQ retries it with backoff.
 *
 * Mode: ARENA_SCORING_MODE=llm uses the judge of ARENA_SCORING_* (or the examiner's
 * ARENA_EXAMINER_*); anything else scores offline. Cited pages come from this worker's sandbox
 * (its corpus in process, else over HTTP through the guarded client), through one content cache
 * for every round this process scores.
 */
export function scoringDeps(ctx: WorkerContext, env: NodeJS.ProcessEnv = process.env): ScoringDeps {
  const judge = judgeFromEnv(env);
  const mode: ScoreMode = env.ARENA_SCORING_MODE === "llm" && judge ? "llm" : "offline";
  if (env.ARENA_SCORING_MODE === "llm" && !judge) log("warn", "ARENA_SCORING_MODE=llm without a judge model: scoring offline");
  return { mode, judge, pages: cachedPages(ctx.fetcher ?? sandboxPageFetcher(ctx.sandboxUrl)) };
}

/** Gives every scorable round of a match a scoring job (job ids per round: enqueuing twice is a no-op). */
export async function enqueueMatchScoring(ctx: WorkerContext, queue: Queue<Payload<"scoring">>, matchId: string): Promise<number> {
  const match = await ctx.db.match.findUnique({ where: { id: matchId }, select: { status: true, tournament: { select: { scoreReports: true } } } });
  if (!match || match.status !== "completed" || match.tournament?.scoreReports === false) return 0;
  const rounds = await scorableRounds(ctx.db, matchId);
  for (const roundId of rounds) await enqueue(queue, "scoring", { roundId });
  return rounds.length;
}

/**
 * Rounds are enqueued when a match finishes: the match worker announces it on the live events
 * channel, which this process follows on its own connection (closed with the context's).
 * Events are best effort, so at start the rounds of finished matches that have no score yet are
 * enqueued too (a bounded sweep, newest matches first).
 */
async function followFinishedMatches(ctx: WorkerContext, queue: Queue<Payload<"scoring">>): Promise<void> {
  const sub = createRedis();
  ctx.redis.once("end", () => {
    void queue.close();
    sub.disconnect();
  });
  const onFinished = (matchId: string) =>
    enqueueMatchScoring(ctx, queue, matchId).catch((err) => log("warn", "enqueueing scoring failed", { matchId, ...errorContext(err) }));
  await subscribeEvents(sub, (e) => {
    if (e.type === "match" && e.status === "completed") void onFinished(e.matchId);
  });
  const unscored = await ctx.db.match.findMany({
    where: { status: "completed", roundRows: { some: { voided: false, reportScores: { none: {} } } }, OR: [{ tournamentId: null }, { tournament: { scoreReports: true } }] },
    select: { id: true },
    orderBy: { finishedAt: "desc" },
    take: SWEEP_MATCHES,
  });
  for (const m of unscored) await onFinished(m.id);
}

const SWEEP_MATCHES = 200;

export function scoringProcessor(ctx: WorkerContext) {
  const deps = scoringDeps(ctx);
  const queue = createQueue("scoring", ctx.redis);
  followFinishedMatches(ctx, queue).catch((err) => log("error", "scoring: following finished matches failed", errorContext(err)));
  return async (job: Job) => {
    const { roundId } = parsePayload("scoring", job.data);
    return scoreRound(ctx.db, roundId, deps);
  };
}
