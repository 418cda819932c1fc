export * from "./import";
export { exportTree } from "./export";
export { listTrees, showTree, type OutlineRow, type TreeOutline } from "./list";
export { loadTreeView, TreeViews, type DbTreeView } from "./view";
export { createCrawlJob, listCrawlJobs, cancelCrawlJob, crawlJobSchema, crawlRequestSchema, type CrawlRequest, type CrawlJobRow } from "./crawl-jobs";
