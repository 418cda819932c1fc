import { z } from "zod";
import { domainOf, type DrArenaNode, type FetchedPage, type PageFetcher } from "@arena/core";

/**
 * Breadth-first crawl of an information tree (docs/method.md §2) into the DR-Arena JSON shape.
 *
 * Choices:
 * - Levels are fetched one after another, each level concurrently (a small pool), and children
 *   are chosen only once a whole level is in, in page order. The tree is therefore the same
 *   whatever order the fetches finish in.
 * - Children of a page = its first `fanOut` meaningful links whose URL is not already in the
 *   tree. Skipping URLs already placed (instead of recording "Already visited" nodes, as the
 *   published trees do) spends the fan-out on new pages and keeps the tree free of cycles.
 * - A page that fails becomes a node with crawled=false and its error; the crawl goes on.
 * - Pages at `maxDepth` are fetched (they carry content and link contexts) but not expanded.
 * - Every node keeps the link contexts extraction gives (all meaningful links up to its cap, not
 *   only the followed ones), so depth expansion can later follow more of them.
 */

const crawlLimitsSchema = z.object({
  rootUrl: z.url({ protocol: /^https?$/ }),
  maxDepth: z.number().int().min(0).max(8),
  fanOut: z.number().int().min(1).max(50),
  /** Fetches in flight at once (politeness per host still applies inside the fetcher). */
  concurrency: z.number().int().min(1).max(64).default(8),
  /** Hard bound on the number of pages, whatever depth and fan-out allow. */
  maxPages: z.number().int().min(1).max(20_000).default(2_000),
});

/** done = pages fetched and extracted, failed = pages that failed, queued = known, not yet fetched. */
export interface CrawlProgress {
  done: number;
  failed: number;
  queued: number;
  url: string;
  error: string | null;
}

export interface CrawlOptions extends z.input<typeof crawlLimitsSchema> {
  fetcher: PageFetcher;
  /** Which link URLs may become children (all by default); the others stay as link contexts. */
  follow?: (url: string) => boolean;
  signal?: AbortSignal;
  onProgress?: (progress: CrawlProgress) => void;
}

function emptyNode(url: string, depth: number, relationship: string | null): DrArenaNode {
  return {
    url,
    // Unparseable URLs fail at fetch time and keep an empty domain.
    domain: domainOf(url),
    title: null,
    description: null,
    content: null,
    crawled: false,
    depth,
    error: null,
    relationship_cluster: relationship,
    link_contexts: [],
    children: [],
  };
}

function fill(node: DrArenaNode, page: FetchedPage): void {
  node.domain = page.domain || node.domain;
  node.title = page.title;
  node.description = page.description;
  node.content = page.content;
  node.crawled = true;
  node.link_contexts = page.links.map((l) => ({
    url: l.url,
    anchor_text: l.anchorText,
    surrounding_text: l.surroundingText,
    relationship: l.relationship,
  }));
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Runs `task` over `items` with at most `limit` in flight; stops taking new items once aborted. */
async function pool<T>(items: T[], limit: number, signal: AbortSignal | undefined, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      signal?.throwIfAborted();
      await task(items[next++]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Crawls from `rootUrl` to `maxDepth` keeping `fanOut` children per page. Rejects with the
 * signal's reason when aborted; page failures never reject.
 */
export async function crawlTree(options: CrawlOptions): Promise<DrArenaNode> {
  const limits = crawlLimitsSchema.parse(options);
  const { fetcher, signal, onProgress, follow = () => true } = options;
  const root = emptyNode(limits.rootUrl, 0, null);
  const rootKey = new URL(limits.rootUrl);
  rootKey.hash = "";
  // Link URLs come fragment-free from extraction; the root is compared the same way.
  const placed = new Set([rootKey.href]);
  let level = [root];
  let done = 0;
  let failed = 0;
  let budget = limits.maxPages - 1;

  for (let depth = 0; level.length > 0; depth++) {
    let pending = level.length;
    await pool(level, limits.concurrency, signal, async (node) => {
      let error: string | null = null;
      try {
        fill(node, await fetcher(node.url, signal));
        done++;
      } catch (err) {
        signal?.throwIfAborted();
        error = node.error = errorText(err);
        failed++;
      }
      onProgress?.({ done, failed, queued: --pending, url: node.url, error });
    });
    if (depth === limits.maxDepth) break;
    const next: DrArenaNode[] = [];
    for (const node of level) {
      const fresh = node.link_contexts.filter((l) => !placed.has(l.url) && follow(l.url)).slice(0, Math.min(limits.fanOut, budget));
      for (const link of fresh) {
        placed.add(link.url);
        const child = emptyNode(link.url, depth + 1, link.relationship);
        node.children.push(child);
        next.push(child);
      }
      budget -= fresh.length;
    }
    level = next;
  }
  return root;
}
