/**
 * Crawler throughput on a real documentation site: Debian's PostgreSQL 15 manual served on
 * loopback by a separate process (allow-listed, politeness off), crawled from index.html through
 * the real guarded client, robots.txt check, extraction and tree building. Prints pages/s
 * (target ≥ 50 on 2 cores) and pages per CPU-second of the crawler process, which stays
 * comparable when other work shares the machine.
 *
 *   npm run bench:crawl [-- --depth 4 --fan-out 8 --concurrency 8]
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { DrArenaNode } from "@arena/core";
import { crawlTree, webPageFetcher } from "@arena/trees";
import { ensurePgDoc } from "../tests/fixtures/static-site";

const { values } = parseArgs({
  options: {
    depth: { type: "string", default: "4" },
    "fan-out": { type: "string", default: "8" },
    concurrency: { type: "string", default: "8" },
  },
});

function count(n: DrArenaNode): { pages: number; failed: number; links: number } {
  return n.children.map(count).reduce((a, c) => ({ pages: a.pages + c.pages, failed: a.failed + c.failed, links: a.links + c.links }), {
    pages: 1,
    failed: n.crawled ? 0 : 1,
    links: n.link_contexts.length,
  });
}

const server = spawn(
  process.execPath,
  ["--import", "tsx", fileURLToPath(new URL("../tests/fixtures/serve-static.ts", import.meta.url)), ensurePgDoc()],
  {
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const [line] = (await once(server.stdout, "data")) as [Buffer];
const site = { url: line.toString().trim(), allow: [new URL(line.toString().trim()).host] };
try {
  const options = {
    rootUrl: `${site.url}index.html`,
    maxDepth: Number(values.depth),
    fanOut: Number(values["fan-out"]),
    concurrency: Number(values.concurrency),
    follow: (u: string) => u.startsWith(site.url),
  };
  // Warm-up (JIT, keep-alive sockets) on a small crawl, then the measured one with a fresh fetcher.
  await crawlTree({ ...options, maxDepth: 1, fetcher: webPageFetcher({ allow: site.allow, perHostDelayMs: 0 }) });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const tree = await crawlTree({ ...options, fetcher: webPageFetcher({ allow: site.allow, perHostDelayMs: 0 }) });
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const seconds = (performance.now() - started) / 1000;
  const { pages, failed, links } = count(tree);
  console.log(
    `crawl bench: depth ${options.maxDepth}, fan-out ${options.fanOut}, concurrency ${options.concurrency}\n` +
      `  pages ${pages} (failed ${failed}), link contexts ${links}\n` +
      `  time ${seconds.toFixed(2)} s, ${(pages / seconds).toFixed(1)} pages/s\n` +
      `  crawler CPU ${cpuSeconds.toFixed(2)} s, ${(pages / cpuSeconds).toFixed(1)} pages per CPU-second`,
  );
} finally {
  server.kill("SIGTERM");
}
