import type { Command } from "commander";
import { treeCommand } from "./tree";
import { z } from "zod";
import type { CrawlProgress } from "@arena/trees";
import { parseOptions } from "../options";

/**
 * `arena tree crawl <url>`: crawlNow of packages/trees — a CrawlJob row run in this process (the
 * worker runs the same runCrawlJob from the `crawl` queue). Progress goes to stderr, one line per page; Ctrl-C
 * cancels cleanly (the job ends "cancelled", no tree is stored).
 */

const optionsSchema = z.object({
  depth: z.coerce.number().int().min(0).max(8),
  fanOut: z.coerce.number().int().min(1).max(50),
  delayMs: z.coerce.number().int().min(0).max(60_000),
  concurrency: z.coerce.number().int().min(1).max(64),
  sameOrigin: z.boolean().default(false),
  allow: z.string().optional(),
  json: z.boolean().default(false),
});

function progressLine(p: CrawlProgress): string {
  const counts = `[${p.done} ok, ${p.failed} failed, ${p.queued} queued]`;
  return p.error ? `${counts} FAIL ${p.url}: ${p.error}` : `${counts} ${p.url}`;
}

export function register(program: Command): void {
  const tree = treeCommand(program);
  tree
    .command("crawl <url>")
    .description("crawl an information tree from a hub page and store it (address guard, robots.txt, politeness)")
    .option("--depth <n>", "maximum depth below the root", "2")
    .option("--fan-out <n>", "children kept per page", "5")
    .option("--delay-ms <n>", "minimum time between requests to one host", "1000")
    .option("--concurrency <n>", "fetches in flight", "8")
    .option("--same-origin", "follow only links on the root's origin")
    .option("--allow <entries>", "extra address allow-list entries, comma-separated (host, IP, CIDR, host:port)")
    .option("--json", "print the stored tree summary as JSON")
    .action(async (url: string, raw: Record<string, unknown>) => {
      const opts = parseOptions(optionsSchema, raw);
      const parsed = z.url({ protocol: /^https?$/ }).safeParse(url);
      if (!parsed.success) throw new Error(`not an http(s) URL: ${url}`);
      const root = parsed.data;
      const [{ prisma }, { crawlNow }] = await Promise.all([import("@arena/db"), import("@arena/trees")]);
      const controller = new AbortController();
      const onSigint = () => {
        process.stderr.write("cancelling...\n");
        controller.abort();
      };
      process.once("SIGINT", onSigint);
      const origin = new URL(root).origin;
      try {
        const result = await crawlNow(
          prisma(),
          { rootUrl: root, maxDepth: opts.depth, fanOut: opts.fanOut },
          {
            web: { perHostDelayMs: opts.delayMs, allow: opts.allow?.split(",") ?? [] },
            concurrency: opts.concurrency,
            signal: controller.signal,
            ...(opts.sameOrigin ? { follow: (u: string) => new URL(u).origin === origin } : {}),
            onProgress: (p) => process.stderr.write(`${progressLine(p)}\n`),
          },
        );
        if (result.status === "cancelled") {
          process.stderr.write(`crawl job ${result.jobId} cancelled after ${result.pagesDone} pages\n`);
          process.exitCode = 130;
          return;
        }
        if (result.status !== "completed" || !result.tree) throw new Error(`crawl job ${result.jobId} failed: ${result.error}`);
        const t = result.tree;
        if (opts.json) {
          console.log(JSON.stringify({ id: t.id, rootUrl: t.rootUrl, title: t.title, nodes: t.nodes, maxDepth: t.maxDepth }));
        } else {
          console.log(`stored tree ${t.id}: ${t.title ?? "(untitled)"} — ${t.nodes} nodes, depth ${t.maxDepth}`);
          console.log(`pages: ${result.pagesDone} crawled, ${result.pagesFailed} failed (job ${result.jobId})`);
        }
      } finally {
        process.removeListener("SIGINT", onSigint);
      }
    });
}
