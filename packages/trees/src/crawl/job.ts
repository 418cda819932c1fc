import type { PageFetcher } from "@arena/core";
import { operatorAllowList, type JobStatus, type PrismaClient } from "@arena/db";
import { createCrawlJob, type CrawlRequest } from "../store/crawl-jobs";
import { importTree, type TreeSummary } from "../store/import";
import { crawlTree, type CrawlProgress } from "./crawler";
import { webPageFetcher, type WebFetcherOptions } from "./fetcher";

/**
 * Runs one CrawlJob row (docs/method.md §2, queue `crawl`): claim it, crawl, keep pagesDone/pagesFailed current,
 * stop when `cancelRequested` is set (or `signal` aborts), store the tree as source "crawled".
 * A failed root fails the job (nothing is stored); other failed pages stay in the tree.
 * Counter writes are serialised: after each page at most one write is in flight and the latest
 * counts follow it, and each write reads `cancelRequested` back, so the flag is seen between pages
 * without piling up queries. A failed counter write is dropped (the next one or the final status
 * write carries the counts): it must not take the worker down.
 * The row is claimed only while queued or running (running: a redelivered job whose worker died);
 * a job already completed, failed or cancelled is returned as stored and crawled no second time.
 */

export interface RunCrawlJobOptions {
  /** Defaults to the live-web fetcher with the AllowedHost table as allow-list. */
  fetcher?: PageFetcher;
  /** Used to build the default fetcher (allow-list entries are added to AllowedHost's). */
  web?: WebFetcherOptions;
  concurrency?: number;
  /** Restricts which links become children (see crawlTree). */
  follow?: (url: string) => boolean;
  signal?: AbortSignal;
  onProgress?: (progress: CrawlProgress) => void;
}

export interface CrawlJobResult {
  status: JobStatus;
  pagesDone: number;
  pagesFailed: number;
  tree: TreeSummary | null;
  error: string | null;
}

/** Keeps the job row's counters current, one write at a time. */
class ProgressWriter {
  private latest = { pagesDone: 0, pagesFailed: 0 };
  private inFlight: Promise<void> | null = null;
  private dirty = false;

  constructor(
    private readonly db: PrismaClient,
    private readonly jobId: string,
    private readonly onCancel: () => void,
  ) {}

  push(progress: CrawlProgress): void {
    this.latest = { pagesDone: progress.done, pagesFailed: progress.failed };
    this.dirty = true;
    this.inFlight ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      await this.writeAll();
    } catch {
      // Dropped on purpose: see the module comment; `dirty` makes the next push write again.
    } finally {
      this.inFlight = null;
    }
  }

  private async writeAll(): Promise<void> {
    while (this.dirty) {
      this.dirty = false;
      const row = await this.db.crawlJob.update({
        where: { id: this.jobId },
        data: this.latest,
        select: { cancelRequested: true },
      });
      if (row.cancelRequested) this.onCancel();
    }
  }

  async settle(): Promise<void> {
    await this.inFlight;
  }

  get counts() {
    return this.latest;
  }
}

class CancelledError extends Error {
  constructor() {
    super("crawl cancelled");
  }
}

async function defaultFetcher(db: PrismaClient, web: WebFetcherOptions = {}): Promise<PageFetcher> {
  return webPageFetcher({ ...web, allow: [...(await operatorAllowList(db)), ...(web.allow ?? [])] });
}

export async function runCrawlJob(db: PrismaClient, crawlJobId: string, options: RunCrawlJobOptions = {}): Promise<CrawlJobResult> {
  const claim = await db.crawlJob.updateMany({
    where: { id: crawlJobId, status: { in: ["queued", "running"] } },
    data: { status: "running", pagesDone: 0, pagesFailed: 0 },
  });
  const job = await db.crawlJob.findUniqueOrThrow({ where: { id: crawlJobId } });
  if (claim.count === 0) {
    return { status: job.status, pagesDone: job.pagesDone, pagesFailed: job.pagesFailed, tree: null, error: job.error };
  }
  const controller = new AbortController();
  const cancel = () => controller.abort(new CancelledError());
  const writer = new ProgressWriter(db, job.id, cancel);
  // The counts go with the final status too, in case the last progress write was dropped.
  const finish = async (status: JobStatus, data: { treeId?: string; error?: string } = {}) =>
    db.crawlJob.update({ where: { id: job.id }, data: { status, finishedAt: new Date(), ...writer.counts, ...data } });
  if (job.cancelRequested) {
    await finish("cancelled");
    return { status: "cancelled", pagesDone: 0, pagesFailed: 0, tree: null, error: null };
  }
  options.signal?.addEventListener("abort", cancel, { once: true });
  try {
    const tree = await crawlTree({
      rootUrl: job.rootUrl,
      maxDepth: job.maxDepth,
      fanOut: job.fanOut,
      concurrency: options.concurrency,
      follow: options.follow,
      fetcher: options.fetcher ?? (await defaultFetcher(db, options.web)),
      signal: controller.signal,
      onProgress: (p) => {
        writer.push(p);
        options.onProgress?.(p);
      },
    });
    await writer.settle();
    // A tree whose root could not be fetched holds nothing to examine: the job fails instead.
    if (!tree.crawled) {
      await finish("failed", { error: tree.error ?? "root page not crawled" });
      return { status: "failed", ...writer.counts, tree: null, error: tree.error };
    }
    const summary = await importTree(db, tree, { source: "crawled", sourceName: job.rootUrl });
    await finish("completed", { treeId: summary.id });
    return { status: "completed", ...writer.counts, tree: summary, error: null };
  } catch (err) {
    await writer.settle();
    const cancelled = controller.signal.aborted;
    const error = cancelled ? null : err instanceof Error ? err.message : String(err);
    await finish(cancelled ? "cancelled" : "failed", error ? { error } : {});
    return { status: cancelled ? "cancelled" : "failed", ...writer.counts, tree: null, error };
  } finally {
    options.signal?.removeEventListener("abort", cancel);
  }
}

/**
 * A crawl run in the calling process (`arena tree crawl`): the CrawlJob row the console's crawls
 * also get, then runCrawlJob on it. `onJob` hears the row's id before the crawl starts.
 */
export async function crawlNow(
  db: PrismaClient,
  request: CrawlRequest,
  options: RunCrawlJobOptions & { onJob?: (jobId: string) => void } = {},
): Promise<CrawlJobResult & { jobId: string }> {
  const { onJob, ...run } = options;
  const job = await createCrawlJob(db, request);
  onJob?.(job.id);
  return { ...(await runCrawlJob(db, job.id, run)), jobId: job.id };
}
