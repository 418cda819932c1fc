import type { FetchedPage } from "@arena/core";
import { ServedThread } from "@arena/jobs/served-thread";

/**
 * Parsing of untrusted documents off the main thread, with a time limit: crawled pages (extraction)
 * and topic sources' feeds and sitemaps. Each parse is bounded by construction (see extract.ts,
 * sources/parse.ts), but a few megabytes still take seconds; on the main thread that would stall
 * every match and job lock of the worker process, or the web server. One thread per process takes
 * documents in turn (ServedThread); one over its limit fails with ExtractTimeoutError and the thread
 * is replaced.
 */

export class ExtractTimeoutError extends Error {
  override name = "ExtractTimeoutError";
}

/** What the thread does with a document: a crawled page's extraction, a feed's or a sitemap's links. */
export type ParseTask = "page" | "feed" | "sitemap";
export interface ParseResults {
  page: FetchedPage;
  feed: string[];
  sitemap: { index: boolean; locs: string[] };
}
const TASK_WORDS: Record<ParseTask, string> = { page: "page extraction", feed: "reading the feed", sitemap: "reading the sitemap" };

/** Defined by scripts/build-apps.mjs: the compiled thread beside the bundle, relative to this file. */
declare const ARENA_BUILT_EXTRACT_WORKER: string | undefined;
/** From sources the thread is extract-worker.mjs, which loads the TypeScript through tsx. */
const WORKER_URL = new URL(
  typeof ARENA_BUILT_EXTRACT_WORKER === "string" ? ARENA_BUILT_EXTRACT_WORKER : "./extract-worker.mjs",
  import.meta.url,
);

/** What the thread is asked (extract-serve.ts answers it). */
export interface ParseRequest {
  task: ParseTask;
  text: string;
  url: string;
}

let shared: ServedThread<ParseRequest> | null = null;

function parse<T extends ParseTask>(task: T, text: string, url: string, timeoutMs: number): Promise<ParseResults[T]> {
  shared ??= new ServedThread<ParseRequest>(WORKER_URL, "the extraction thread");
  const error = () => new ExtractTimeoutError(`${TASK_WORDS[task]} took longer than ${timeoutMs} ms`);
  return shared.run({ task, text, url }, { ms: timeoutMs, error });
}

/** `extractPage` on the process's extraction thread; rejects with ExtractTimeoutError after `timeoutMs`. */
export function extractPageOffThread(html: string, url: string, timeoutMs: number): Promise<FetchedPage> {
  return parse("page", html, url, timeoutMs);
}

/** A feed's or a sitemap's links (sources/parse.ts) on the process's parsing thread; rejects with ExtractTimeoutError after `timeoutMs`. */
export function parseOffThread<T extends "feed" | "sitemap">(
  task: T,
  text: string,
  url: string,
  timeoutMs: number,
): Promise<ParseResults[T]> {
  return parse(task, text, url, timeoutMs);
}
