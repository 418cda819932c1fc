export * from "./import";
export { exportTree } from "./export";
export { retireTree, retiredTreeSchema, type RetiredTree } from "./retire";
export { NotFoundError } from "./load";
export { listTrees, showTree, type OutlineRow, type StoredTree, type TreeOutline } from "./list";
export { loadTreeView, TreeViews, type DbTreeView } from "./view";
export {
  createCrawlJob,
  listCrawlJobs,
  cancelCrawlJob,
  crawlJobSchema,
  crawlRequestSchema,
  type CrawlRequest,
  type CrawlJobRow,
} from "./crawl-jobs";
