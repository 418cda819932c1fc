import { arenaEnv } from "@arena/env";
import { Redis, type RedisOptions } from "ioredis";

function redisUrl(): string {
  return arenaEnv().REDIS_URL;
}

/**
 * A Redis connection for BullMQ. Workers need `maxRetriesPerRequest: null` (blocking commands
 * must wait out reconnects instead of failing the job).
 */
export function createRedis(options: RedisOptions = {}): Redis {
  return new Redis(redisUrl(), { maxRetriesPerRequest: null, ...options });
}

/** Key prefix for every queue and lock, so tests and parallel arenas never share keys. */
export function keyPrefix(): string {
  return arenaEnv().ARENA_QUEUE_PREFIX;
}
