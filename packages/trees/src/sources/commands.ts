import type { PrismaClient } from "@arena/db";
import { enqueue, syncTreeScheduler, withQueue } from "@arena/jobs";
import { createCrawlJob, type CrawlJobRow, type CrawlRequest } from "../store/crawl-jobs";
import { runSchedule, setSchedule, type Schedule, type ScheduledRun } from "./schedule";

/**
 * The trees' state-changing workflows that end on a queue, as the CLI (`arena schedule set|run`),
 * the console and the worker call them: the change in PostgreSQL first, then the queue made to
 * match it (a lost job is rebuilt from the rows by the reconciler).
 */

/** Changes the schedule and makes the repeatable `schedule` job follow it. */
export async function applySchedule(db: PrismaClient, change: Partial<Schedule>) {
  const schedule = await setSchedule(db, change);
  await withQueue(["schedule"], ({ schedule: queue }) => syncTreeScheduler(queue, schedule));
  return schedule;
}

/** One run now (what the repeatable job does): its crawl jobs go to the `crawl` queue for the workers. */
export async function runScheduleNow(db: PrismaClient): Promise<ScheduledRun> {
  const run = await runSchedule(db);
  await enqueueCrawls(run.crawlJobIds);
  return run;
}

/** A crawl from a hub page (the console's Crawl): its CrawlJob row, run by a worker from the `crawl` queue. */
export async function queueCrawl(db: PrismaClient, request: CrawlRequest): Promise<CrawlJobRow> {
  const job = await createCrawlJob(db, request);
  await enqueueCrawls([job.id]);
  return job;
}

async function enqueueCrawls(crawlJobIds: readonly string[]): Promise<void> {
  await withQueue(["crawl"], async ({ crawl }) => {
    for (const crawlJobId of crawlJobIds) await enqueue(crawl, "crawl", { crawlJobId });
  });
}
