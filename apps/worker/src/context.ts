import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { operatorAllowList, type PrismaClient } from "@arena/db";
import { AgentLimiter, createQueue, createRedis, type Payload } from "@arena/jobs";

/** What every processor needs; built once per worker process. */
export interface WorkerContext {
  db: PrismaClient;
  redis: Redis;
  queues: {
    crawl: Queue<Payload<"crawl">>;
    match: Queue<Payload<"match">>;
    tournament: Queue<Payload<"tournament">>;
  };
  limiter: AgentLimiter;
  /** Base URL of the sandbox web/search this worker uses (built-in agents, offline expansion). */
  sandboxUrl: string;
  /** Allow-list for the address guard: the operator's entries plus the sandbox itself. */
  allow(): Promise<string[]>;
}

export function createContext(db: PrismaClient, sandboxUrl: string): WorkerContext {
  const redis = createRedis();
  return {
    db,
    redis,
    queues: {
      crawl: createQueue("crawl", redis),
      match: createQueue("match", redis),
      tournament: createQueue("tournament", redis),
    },
    limiter: new AgentLimiter(redis),
    sandboxUrl,
    allow: async () => [...(await operatorAllowList(db)), new URL(sandboxUrl).host],
  };
}

export async function closeContext(ctx: WorkerContext): Promise<void> {
  await Promise.all(Object.values(ctx.queues).map((q) => q.close()));
  ctx.redis.disconnect();
}
