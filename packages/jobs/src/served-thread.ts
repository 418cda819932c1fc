import { type MessagePort, Worker } from "node:worker_threads";

/**
 * Work a process keeps off its main thread (crawled pages' extraction, a scope's scoreboard): on the
 * main thread seconds of CPU would stall every match, job-lock renewal and heartbeat of a worker
 * process, or the web server's requests. One thread per kind of work and process, started on first
 * use and kept: loading its modules (from sources, through tsx as well) costs more than most
 * requests, so a thread per request paid that on every one. Requests are served in turn.
 *
 * The thread's side is `serveRequests`: it announces itself ready once loaded, then answers each
 * `{ id, request }` with `{ id, result }` or `{ id, error }`. A request over its time limit fails and
 * the (possibly still busy) thread is replaced; a thread that dies fails the request it was on, and
 * one that dies before it is ready (it cannot load at all) fails every waiting request.
 */

type Reply = { ready: true } | { id: number; result: unknown } | { id: number; error: string };

interface Pending<Request> {
  id: number;
  request: Request;
  limit: Limit | undefined;
  resolve(result: unknown): void;
  reject(err: Error): void;
}

/** A request's time limit, counted from when the thread starts on it, and the error it fails with. */
export interface Limit {
  ms: number;
  error(): Error;
}

export class ServedThread<Request> {
  private worker: Worker | null = null;
  /** The thread has loaded its modules: a request's time limit starts only then. */
  private ready = false;
  private readonly queue: Pending<Request>[] = [];
  private current: { job: Pending<Request>; timer: NodeJS.Timeout | null } | null = null;
  private nextId = 0;

  /** `url`: the thread's module; `what`: how errors name it ("the extraction thread"). */
  constructor(
    private readonly url: URL,
    private readonly what: string,
  ) {}

  run<Result>(request: Request, limit?: Limit): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: ++this.nextId, request, limit, resolve: (r) => resolve(r as Result), reject });
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
    const limit = job.limit;
    const timer = limit ? setTimeout(() => this.replace(limit.error()), limit.ms) : null;
    this.current = { job, timer };
    worker.postMessage({ id: job.id, request: job.request });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.url);
    this.worker = worker;
    this.ready = false;
    worker.on("message", (reply: Reply) => this.receive(reply));
    worker.on("error", (err) => this.lost(worker, err));
    worker.on("exit", (code) => this.lost(worker, new Error(`${this.what} exited (code ${code})`)));
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
    if (current.timer) clearTimeout(current.timer);
    this.current = null;
    if ("result" in reply) current.job.resolve(reply.result);
    else current.job.reject(new Error(reply.error));
    this.pump();
  }

  /** Fails the current request and drops its (possibly still busy) thread; the next request gets a new one. */
  private replace(err: Error): void {
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    this.settleCurrent(err);
    this.pump();
  }

  /** The thread died on its own. Before it was ready it cannot load at all: every waiting request fails. */
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
    if (current.timer) clearTimeout(current.timer);
    this.current = null;
    current.job.reject(err);
  }
}

/** The thread's side of ServedThread: announce readiness, then answer requests in the order they come. */
export function serveRequests<Request>(port: MessagePort, handle: (request: Request) => unknown): void {
  port.postMessage({ ready: true });
  let turn: Promise<void> = Promise.resolve();
  port.on("message", ({ id, request }: { id: number; request: Request }) => {
    turn = turn.then(async () => {
      try {
        port.postMessage({ id, result: await handle(request) });
      } catch (err) {
        port.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
      }
    });
  });
}
