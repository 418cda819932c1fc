// Exit 0 when Redis at REDIS_URL answers PING.
import { Redis } from "ioredis";

const redis = new Redis(process.env.REDIS_URL || "redis://127.0.0.1:6379", {
  lazyConnect: true,
  connectTimeout: 2000,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
try {
  await redis.connect();
  process.exit((await redis.ping()) === "PONG" ? 0 : 1);
} catch {
  process.exit(1);
}
