import type { Job } from "bullmq";
import { hostTurns, parsePayload } from "@arena/jobs";
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
    log("info", "crawl finished", { crawlJobId, status: result.status, pages: result.pagesDone, failed: result.pagesFailed, error: result.error });
    return result;
  };
}
