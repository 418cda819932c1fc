import { Worker } from "node:worker_threads";
import type { FetchedPage } from "@arena/core";

/**
 * Parsing of untrusted documents off the main thread, with a time limit: crawled pages (extraction)
 * and topic sources' feeds and sitemaps. Each parse is bounded by construction (see extract.ts,
 * sources/parse.ts), but a few megabytes still take seconds; on the main thread that would stall
 * every match and job lock of the worker process, or the web server. One thread per process takes
 * documents in turn; one over its limit fails with ExtractTimeoutError and the thread is replaced.
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

interface Job {
  id: number;
  task: ParseTask;
  text: string;
  url: string;
  timeoutMs: number;
  resolve(result: unknown): void;
  reject(err: Error): void;
}

type Reply = { ready: true } | { id: number; result: unknown } | { id: number; error: string };

/** Defined by scripts/build-apps.mjs: the compiled thread beside the bundle, relative to this file. */
declare const ARENA_BUILT_EXTRACT_WORKER: string | undefined;
/** From sources the thread is extract-worker.mjs, which loads the TypeScript through tsx. */
const WORKER_URL = new URL(
  typeof ARENA_BUILT_EXTRACT_WORKER === "string" ? ARENA_BUILT_EXTRACT_WORKER : "./extract-worker.mjs",
  import.meta.url,
);

class ExtractThread {
  private worker: Worker | null = null;
  /** The thread has loaded the extractor: a page's time limit starts only then. */
  private ready = false;
  private readonly queue: Job[] = [];
  private current: { job: Job; timer: NodeJS.Timeout } | null = null;
  private nextId = 0;

  run<T extends ParseTask>(task: T, text: string, url: string, timeoutMs: number): Promise<ParseResults[T]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: ++this.nextId, task, text, url, timeoutMs, resolve: (r) => resolve(r as ParseResults[T]), reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.current) return;
    if (!this.queue.length) {
      // Idle: the thread must not keep the process alive.
      this.worker?.unref();
      return;
    }
    const worker = this.ensureWorker();
    worker.ref();
    if (!this.ready) return; // its ready message pumps again
    const job = this.queue.shift()!;
    const timer = setTimeout(
      () => this.replace(new ExtractTimeoutError(`${TASK_WORDS[job.task]} took longer than ${job.timeoutMs} ms`)),
      job.timeoutMs,
    );
    this.current = { job, timer };
    worker.postMessage({ id: job.id, task: job.task, text: job.text, url: job.url });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_URL);
    this.worker = worker;
    this.ready = false;
    worker.on("message", (reply: Reply) => this.receive(reply));
    worker.on("error", (err) => this.lost(worker, err));
    worker.on("exit", (code) => this.lost(worker, new Error(`the extraction thread exited (code ${code})`)));
    return worker;
  }

  private receive(reply: Reply): void {
    if ("ready" in reply) {
      this.ready = true;
      this.pump();
      return;
    }
    const current = this.current;
    if (!current || current.job.id !== reply.id) return;
    clearTimeout(current.timer);
    this.current = null;
    if ("result" in reply) current.job.resolve(reply.result);
    else current.job.reject(new Error(reply.error));
    this.pump();
  }

  /** Fails the current page and drops its (possibly still busy) thread; the next page gets a new one. */
  private replace(err: Error): void {
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    this.settleCurrent(err);
    this.pump();
  }

  /** The thread died on its own. Before it was ready it cannot load at all: every waiting page fails. */
  private lost(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    if (!this.ready) {
      this.worker = null;
      for (const job of this.queue.splice(0)) job.reject(err);
      return;
    }
    this.replace(err);
  }

  private settleCurrent(err: Error): void {
    const current = this.current;
    if (!current) return;
    clearTimeout(current.timer);
    this.current = null;
    current.job.reject(err);
  }
}

let shared: ExtractThread | null = null;

/** `extractPage` on the process's extraction thread; rejects with ExtractTimeoutError after `timeoutMs`. */
export function extractPageOffThread(html: string, url: string, timeoutMs: number): Promise<FetchedPage> {
  shared ??= new ExtractThread();
  return shared.run("page", html, url, timeoutMs);
}

/** A feed's or a sitemap's links (sources/parse.ts) on the process's parsing thread; rejects with ExtractTimeoutError after `timeoutMs`. */
export function parseOffThread<T extends "feed" | "sitemap">(
  task: T,
  text: string,
  url: string,
  timeoutMs: number,
): Promise<ParseResults[T]> {
  shared ??= new ExtractThread();
  return shared.run(task, text, url, timeoutMs);
}
