import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { operatorAllowList, type PrismaClient } from "@arena/db";
import { AgentLimiter, createQueue, createRedis, type Payload } from "@arena/jobs";
import type { PageFetcher } from "@arena/core";
import { corpusPageFetcher, TreeViews } from "@arena/trees";

/** What every processor needs; built once per worker process. */
export interface WorkerContext {
  db: PrismaClient;
  redis: Redis;
  queues: {
    crawl: Queue<Payload<"crawl">>;
    match: Queue<Payload<"match">>;
    tournament: Queue<Payload<"tournament">>;
    scoreboard: Queue<Payload<"scoreboard">>;
    people: Queue<Payload<"people">>;
    schedule: Queue<Payload<"schedule">>;
  };
  limiter: AgentLimiter;
  /** Base URL of the sandbox web/search this worker uses (built-in agents, offline expansion). */
  sandboxUrl: string;
  /** Tree views shared by this process's matches. */
  trees: TreeViews;
  /**
   * Page fetcher for expansion when the sandbox runs in this process: its corpus read straight
   * from the shared database. Unset: expansion goes to the sandbox over HTTP.
   */
  fetcher?: PageFetcher;
  /** Allow-list for the address guard: the operator's entries plus the sandbox itself. */
  allow(): Promise<string[]>;
}

export function createContext(db: PrismaClient, sandboxUrl: string, sandboxInProcess: boolean): WorkerContext {
  const redis = createRedis();
  return {
    db,
    redis,
    queues: {
      crawl: createQueue("crawl", redis),
      match: createQueue("match", redis),
      tournament: createQueue("tournament", redis),
      scoreboard: createQueue("scoreboard", redis),
      people: createQueue("people", redis),
      schedule: createQueue("schedule", redis),
    },
    limiter: new AgentLimiter(redis),
    sandboxUrl,
    trees: new TreeViews(db),
    ...(sandboxInProcess ? { fetcher: corpusPageFetcher(db) } : {}),
    allow: async () => [...(await operatorAllowList(db)), new URL(sandboxUrl).host],
  };
}

export async function closeContext(ctx: WorkerContext): Promise<void> {
  await Promise.all(Object.values(ctx.queues).map((q) => q.close()));
  ctx.redis.disconnect();
}
