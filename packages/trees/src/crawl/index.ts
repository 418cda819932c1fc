export { extractPage } from "./extract";
export { crawlTree, type CrawlOptions, type CrawlProgress } from "./crawler";
export { webPageFetcher, memoryHostTurns, type WebFetcherOptions, type HostTurns } from "./fetcher";
export { runCrawlJob, crawlNow, type CrawlJobResult, type RunCrawlJobOptions } from "./job";
