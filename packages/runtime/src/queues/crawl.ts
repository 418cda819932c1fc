import type { Job } from "bullmq";
import { hostTurns, parsePayload } from "@arena/jobs";
import { attachFreshTree } from "@arena/tournament";
import { runCrawlJob } from "@arena/trees";
import type { WorkerContext } from "../context";
import { log } from "../log";

/** Crawls one CrawlJob row; progress goes to the BullMQ job (and from there to live pages). */
export function crawlProcessor(ctx: WorkerContext) {
  return async (job: Job) => {
    const { crawlJobId } = parsePayload("crawl", job.data);
    const result = await runCrawlJob(ctx.db, crawlJobId, {
      // Politeness per host across every worker, not per crawl.
      web: { turns: hostTurns(ctx.redis) },
      onProgress: (p) => void job.updateProgress({ ...p }),
    });
    log("info", "crawl finished", {
      crawlJobId,
      status: result.status,
      pages: result.pagesDone,
      failed: result.pagesFailed,
      error: result.error,
    });
    // A scheduled crawl's fresh tree joins every running continuous tournament (which pairs on the freshest trees).
    if (result.tree && (await ctx.db.crawlJob.findUnique({ where: { id: crawlJobId }, select: { scheduled: true } }))?.scheduled) {
      const joined = await attachFreshTree(ctx.db, result.tree.id);
      if (joined.length) log("info", "fresh tree joins continuous tournaments", { treeId: result.tree.id, tournaments: joined });
    }
    return result;
  };
}
