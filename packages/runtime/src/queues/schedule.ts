import { enqueue, syncTreeScheduler } from "@arena/jobs";
import { readSchedule, runSchedule } from "@arena/trees";
import type { WorkerContext } from "../context";
import { log } from "../log";

/** The tree schedule's repeatable job: one run (retire old trees, start K crawls), its crawls enqueued. */
export function scheduleProcessor(ctx: WorkerContext) {
  return async () => {
    const run = await runSchedule(ctx.db);
    for (const crawlJobId of run.crawlJobIds) await enqueue(ctx.queues.crawl, "crawl", { crawlJobId });
    log("info", "tree schedule ran", {
      crawls: run.crawlJobIds.length,
      retired: run.retired,
      invalidCandidates: run.sources.reduce((n, s) => n + s.invalid, 0),
      failures: run.failures,
    });
    return run;
  };
}

/** At worker start: the repeatable job follows the stored schedule (a Redis emptied since is repaired). */
export async function syncScheduleAtStart(ctx: WorkerContext): Promise<void> {
  const s = await readSchedule(ctx.db);
  await syncTreeScheduler(ctx.queues.schedule, s);
}
