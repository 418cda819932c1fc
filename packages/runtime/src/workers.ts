import { arenaEnv } from "@arena/env";
import { Worker, type Processor } from "bullmq";
import type { PrismaClient } from "@arena/db";
import { createRedis, keyPrefix, type QueueName } from "@arena/jobs";
import { startSandboxServer } from "@arena/trees";
import { closeContext, createContext, type WorkerContext } from "./context";
import { startHealth, workerIdentity, type WorkerHealth } from "./health";
import { errorContext, log } from "./log";
import { crawlProcessor } from "./queues/crawl";
import { matchProcessor } from "./queues/match";
import { peopleFollowUp, peopleProcessor } from "./queues/people";
import { followUp, scoreboardProcessor } from "./queues/scoreboard";
import { scoringProcessor } from "./queues/scoring";
import { scheduleProcessor, syncScheduleAtStart } from "./queues/schedule";
import { tournamentProcessor } from "./queues/tournament";
import { reconcile } from "./reconcile";

export interface WorkerOptions {
  /** Matches run at once by this process. */
  matchConcurrency?: number;
  /** Use this sandbox instead of starting one in-process. */
  sandboxUrl?: string;
  /** How often the reconciler re-enqueues work that PostgreSQL says is pending (ms; 0 = only at start). */
  reconcileEveryMs?: number;
  /** Serve GET /livez and /readyz on this port (0: any free port); default ARENA_WORKER_HEALTH_PORT, else none. */
  healthPort?: number;
}

export interface RunningWorkers {
  ctx: WorkerContext;
  /** The heartbeat and, when asked for, the health endpoint (health.ts). */
  health: WorkerHealth;
  close(): Promise<void>;
}

/** Processors and their concurrency, in one place. */
function processors(ctx: WorkerContext, matchConcurrency: number): Array<[QueueName, Processor, number]> {
  return [
    ["crawl", crawlProcessor(ctx), 1],
    ["match", matchProcessor(ctx), matchConcurrency],
    ["tournament", tournamentProcessor(ctx), 2],
    ["scoring", scoringProcessor(ctx), 2],
    // One at a time: a computation is seconds of CPU on its own thread.
    ["scoreboard", scoreboardProcessor(ctx), 1],
    ["people", peopleProcessor(ctx), 1],
    ["schedule", scheduleProcessor(ctx), 1],
  ];
}

/**
 * Starts the BullMQ workers of every queue in this process, with a sandbox server for built-in
 * agents and offline expansion, and the reconciler. The lock duration is configurable
 * (ARENA_LOCK_MS) because it bounds how long a crashed worker's match waits before another
 * worker resumes it.
 */
export async function startWorkers(db: PrismaClient, opts: WorkerOptions = {}): Promise<RunningWorkers> {
  const env = arenaEnv();
  const sandbox = opts.sandboxUrl ? null : await startSandboxServer(db, { port: env.ARENA_SANDBOX_PORT });
  const ctx = createContext(db, opts.sandboxUrl ?? sandbox!.url, sandbox !== null);
  const lockDuration = env.ARENA_LOCK_MS;
  const concurrency = opts.matchConcurrency ?? env.ARENA_MATCH_CONCURRENCY;
  // A worker does not close a connection it was given: close() below disconnects these.
  const connections: ReturnType<typeof createRedis>[] = [];
  const id = workerIdentity();
  const workers = processors(ctx, concurrency).map(([name, processor, n]) => {
    const connection = createRedis();
    connections.push(connection);
    const worker = new Worker(name, processor, {
      connection,
      prefix: keyPrefix(),
      // Recorded on every job it takes (job.processedBy): which process runs a match.
      name: id,
      concurrency: n,
      lockDuration,
      stalledInterval: lockDuration,
    });
    if (name === "scoreboard") worker.on("completed", followUp(ctx));
    if (name === "people") worker.on("completed", peopleFollowUp(ctx));
    worker.on("failed", (job, err) =>
      log("error", `${name} job failed`, { jobId: job?.id, data: job?.data, attempt: job?.attemptsMade, ...errorContext(err) }),
    );
    worker.on("error", (err) => log("error", `${name} worker error`, errorContext(err)));
    return worker;
  });
  const tick = async () => {
    try {
      await reconcile(ctx);
    } catch (err) {
      log("error", "reconcile failed", errorContext(err));
    }
  };
  await tick();
  await syncScheduleAtStart(ctx).catch((err) => log("error", "tree schedule sync failed", errorContext(err)));
  const every = opts.reconcileEveryMs ?? env.ARENA_RECONCILE_MS;
  const timer = every > 0 ? setInterval(tick, every) : null;
  const health = await startHealth(ctx, { id, port: opts.healthPort ?? env.ARENA_WORKER_HEALTH_PORT });
  log("info", "workers started", {
    id: health.id,
    sandbox: ctx.sandboxUrl,
    matchConcurrency: concurrency,
    lockDuration,
    healthPort: health.port,
  });
  return {
    ctx,
    health,
    close: async () => {
      if (timer) clearInterval(timer);
      await health.stop();
      await Promise.all(workers.map((w) => w.close()));
      for (const c of connections) c.disconnect();
      await closeContext(ctx);
      await sandbox?.close();
    },
  };
}
