import { staleScoreboardScopes } from "@arena/scoring";
import { enqueueTick } from "@arena/tournament";
import type { WorkerContext } from "./context";
import { peopleStale } from "@arena/votes";
import { requestPeople } from "./queues/people";
import { requestScoreboard } from "./queues/scoreboard";

/**
 * PostgreSQL is the source of truth; Redis only holds "work on this" notes. The reconciler makes
 * the notes match the truth by sending every running tournament a tick: the tick pairs the next
 * round if that was lost, and otherwise gives each unfinished match of the current round a job
 * (after a Redis restart with an empty store, or a job that exhausted its attempts). Enqueueing
 * is idempotent (job ids derive from entity ids), so running it any time is safe. Likewise every
 * scope whose newest snapshot has no current scoreboard gets a scoreboard job (a request lost with
 * Redis, a round voided through the web, scores stored by `arena score`), and the people's
 * snapshots a job when votes, annotations or exclusions changed since they were computed.
 */
export async function reconcile(ctx: WorkerContext): Promise<void> {
  const running = await ctx.db.tournament.findMany({ where: { status: "running" }, select: { id: true } });
  for (const { id } of running) await enqueueTick(ctx.queues.tournament, id, `reconcile-${Date.now()}`);
  for (const scope of await staleScoreboardScopes(ctx.db)) await requestScoreboard(ctx, scope);
  if (await peopleStale(ctx.db)) await requestPeople(ctx);
}
