import type { MessagePort } from "node:worker_threads";
import { feedLinks, sitemapLocs } from "../sources/parse";
import { extractPage } from "./extract";
import type { ParseResults, ParseTask } from "./extract-thread";

const TASKS: { [T in ParseTask]: (text: string, url: string) => ParseResults[T] } = {
  page: extractPage,
  feed: feedLinks,
  sitemap: sitemapLocs,
};

/** The parsing thread's side of extract-thread.ts: announce readiness, then parse documents on request. */
export function serveExtraction(port: MessagePort): void {
  port.postMessage({ ready: true });
  port.on("message", ({ id, task, text, url }: { id: number; task: ParseTask; text: string; url: string }) => {
    try {
      port.postMessage({ id, result: TASKS[task](text, url) });
    } catch (err) {
      port.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
    }
  });
}
