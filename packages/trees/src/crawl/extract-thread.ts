import { Worker } from "node:worker_threads";
import type { FetchedPage } from "@arena/core";

/**
 * Page extraction off the main thread, with a time limit. Extraction is bounded by construction
 * (see extract.ts), but a few megabytes of HTML still take seconds to parse; on the main thread
 * that would stall every match and job lock of the worker process. One thread per process takes
 * pages in turn; a page over its limit fails with ExtractTimeoutError and the thread is replaced.
 */

export class ExtractTimeoutError extends Error {
  override name = "ExtractTimeoutError";
}

interface Job {
  id: number;
  html: string;
  url: string;
  timeoutMs: number;
  resolve(page: FetchedPage): void;
  reject(err: Error): void;
}

type Reply = { ready: true } | { id: number; page: FetchedPage } | { id: number; error: string };

/** Defined by scripts/build-apps.mjs: the compiled thread beside the bundle, relative to this file. */
declare const ARENA_BUILT_EXTRACT_WORKER: string | undefined;
/** From sources the thread is extract-worker.mjs, which loads the TypeScript through tsx. */
const WORKER_URL = new URL(typeof ARENA_BUILT_EXTRACT_WORKER === "string" ? ARENA_BUILT_EXTRACT_WORKER : "./extract-worker.mjs", import.meta.url);

class ExtractThread {
  private worker: Worker | null = null;
  /** The thread has loaded the extractor: a page's time limit starts only then. */
  private ready = false;
  private readonly queue: Job[] = [];
  private current: { job: Job; timer: NodeJS.Timeout } | null = null;
  private nextId = 0;

  run(html: string, url: string, timeoutMs: number): Promise<FetchedPage> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: ++this.nextId, html, url, timeoutMs, resolve, reject });
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
    const timer = setTimeout(() => this.replace(new ExtractTimeoutError(`page extraction took longer than ${job.timeoutMs} ms`)), job.timeoutMs);
    this.current = { job, timer };
    worker.postMessage({ id: job.id, html: job.html, url: job.url });
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
    if ("page" in reply) current.job.resolve(reply.page);
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
  return shared.run(html, url, timeoutMs);
}
