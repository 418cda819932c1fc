import type { MessagePort } from "node:worker_threads";
import { serveRequests } from "@arena/jobs/served-thread";
import { feedLinks, sitemapLocs } from "../sources/parse";
import { extractPage } from "./extract";
import type { ParseRequest, ParseResults, ParseTask } from "./extract-thread";

const TASKS: { [T in ParseTask]: (text: string, url: string) => ParseResults[T] } = {
  page: extractPage,
  feed: feedLinks,
  sitemap: sitemapLocs,
};

/** The parsing thread's side of extract-thread.ts: parse documents on request. */
export function serveExtraction(port: MessagePort): void {
  serveRequests<ParseRequest>(port, ({ task, text, url }) => TASKS[task](text, url));
}
