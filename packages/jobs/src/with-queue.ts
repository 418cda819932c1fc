import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { createQueue, type Payload, type QueueName } from "./queues";
import { createRedis } from "./redis";

/** The named queues, each typed by its payload. */
export type Queues<N extends QueueName> = { [K in N]: Queue<Payload<K>> };

/**
 * Queues for a producer outside the workers (the CLI, a web request), all on one Redis connection
 * of their own; close() releases the queues and then the connection. The workers keep theirs for
 * the process's life (runtime's context); everyone else opens, uses and closes: withQueue.
 */
export function openQueues<const N extends QueueName>(names: readonly N[]): Queues<N> & { close(): Promise<void> } {
  const redis = createRedis();
  const queues = Object.fromEntries(names.map((name) => [name, createQueue(name, redis)])) as Queues<N>;
  return {
    ...queues,
    close: async () => {
      await Promise.all(names.map((name) => queues[name].close()));
      redis.disconnect();
    },
  };
}

/**
 * Opens the named queues (one Redis connection), runs `use` with them and closes them after,
 * whatever `use` returned or threw: `withQueue(["crawl"], ({ crawl }) => enqueue(crawl, …))`.
 */
export async function withQueue<const N extends QueueName, T>(names: readonly N[], use: (queues: Queues<N>) => Promise<T>): Promise<T> {
  const queues = openQueues(names);
  try {
    return await use(queues);
  } finally {
    await queues.close();
  }
}

/** A Redis connection for one command (publishing an event), disconnected after, whatever `use` returned or threw. */
export async function withRedis<T>(use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = createRedis();
  try {
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}
