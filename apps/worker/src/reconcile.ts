import { enqueueTick, ensureMatchJobs } from "@arena/tournament";
import type { WorkerContext } from "./context";
import { log } from "./log";

/**
 * PostgreSQL is the source of truth; Redis only holds "work on this" notes. The reconciler makes
 * the notes match the truth: every unfinished match of a running tournament gets a job (after a
 * Redis restart with an empty store, or a job that exhausted its attempts), and every running
 * tournament gets a tick so it pairs its next round if that was lost. Enqueueing is idempotent
 * (job ids derive from entity ids), so running it any time is safe.
 */
export async function reconcile(ctx: WorkerContext): Promise<{ matches: number; tournaments: number }> {
  const pending = await ctx.db.match.findMany({
    where: { status: { in: ["queued", "running"] }, tournament: { status: "running" } },
    select: { id: true },
  });
  const matches = await ensureMatchJobs(ctx.queues.match, pending.map((m) => m.id));
  const running = await ctx.db.tournament.findMany({ where: { status: "running" }, select: { id: true } });
  for (const { id } of running) await enqueueTick(ctx.queues.tournament, id, `reconcile-${Date.now()}`);
  if (matches) log("info", "reconciler re-enqueued matches", { matches });
  return { matches, tournaments: running.length };
}
