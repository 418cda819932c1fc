export { extractPage, type ExtractedPage } from "./extract";
export { isMeaningfulLink } from "./links";
export { crawlTree, crawlLimitsSchema, MAX_LINK_CONTEXTS, type CrawlOptions, type CrawlProgress } from "./crawler";
export { webPageFetcher, DEFAULT_USER_AGENT, type WebFetcherOptions } from "./fetcher";
export { runCrawlJob, type CrawlJobResult, type RunCrawlJobOptions } from "./job";
