import { z } from "zod";
import type { PrismaClient } from "@arena/db";

/**
 * Crawl jobs as the console asks for them: a CrawlJob row that the `crawl` queue's worker runs
 * (runCrawlJob), its live counters, and cancellation through the row's flag, which the running
 * crawl reads between pages. The caller enqueues the job id after creating the row.
 */

export const crawlRequestSchema = z.object({
  rootUrl: z.url({ protocol: /^https?$/, error: "rootUrl must be an http(s) URL" }).max(2000),
  maxDepth: z.number().int().min(0).max(8).default(2),
  fanOut: z.number().int().min(1).max(50).default(5),
});
export type CrawlRequest = z.input<typeof crawlRequestSchema>;

/** A crawl job as the console lists it. */
export const crawlJobSchema = z.object({
  id: z.string(),
  rootUrl: z.string(),
  status: z.string(),
  pagesDone: z.number().int(),
  pagesFailed: z.number().int(),
  cancelRequested: z.boolean(),
  error: z.string().nullable(),
  treeId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export interface CrawlJobRow {
  id: string;
  rootUrl: string;
  status: string;
  pagesDone: number;
  pagesFailed: number;
  cancelRequested: boolean;
  error: string | null;
  treeId: string | null;
  createdAt: Date;
}

const SELECT = {
  id: true,
  rootUrl: true,
  status: true,
  pagesDone: true,
  pagesFailed: true,
  cancelRequested: true,
  error: true,
  treeId: true,
  createdAt: true,
} as const;

export function createCrawlJob(db: PrismaClient, request: CrawlRequest): Promise<CrawlJobRow> {
  const r = crawlRequestSchema.parse(request);
  return db.crawlJob.create({ data: r, select: SELECT });
}

export function listCrawlJobs(db: PrismaClient, take = 50): Promise<CrawlJobRow[]> {
  return db.crawlJob.findMany({ orderBy: { createdAt: "desc" }, take, select: SELECT });
}

/** A queued job is cancelled at once; a running one stops after its current page. */
export async function cancelCrawlJob(db: PrismaClient, id: string): Promise<void> {
  await db.crawlJob.updateMany({
    where: { id, status: "queued" },
    data: { status: "cancelled", cancelRequested: true, finishedAt: new Date() },
  });
  await db.crawlJob.updateMany({ where: { id, status: "running" }, data: { cancelRequested: true } });
}
