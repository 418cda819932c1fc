import type { Redis } from "ioredis";
import { Semaphore } from "redis-semaphore";
import { keyPrefix } from "./redis";

export interface AgentLimits {
  agentId: string;
  maxConcurrency: number;
  /** Calls per minute across all workers; null = unlimited. */
  ratePerMinute: number | null;
}

/**
 * Cross-worker limits per agent: a Redis semaphore caps concurrent calls (a crashed worker's
 * slot expires with its lock lease), and a fixed window (one minute; shorter in tests) caps the
 * call rate: `ratePerMinute` calls per window.
 */
export class AgentLimiter {
  private readonly windowMs: number;

  constructor(
    private readonly redis: Redis,
    opts: { windowMs?: number } = {},
  ) {
    this.windowMs = opts.windowMs ?? 60_000;
  }

  async run<T>(limits: AgentLimits, fn: () => Promise<T>): Promise<T> {
    const semaphore = new Semaphore(this.redis, `${keyPrefix()}:agent:${limits.agentId}:slots`, Math.max(1, limits.maxConcurrency), {
      lockTimeout: 60_000,
      acquireTimeout: 30 * 60_000,
      retryInterval: 50,
      refreshInterval: 20_000,
      // The slot only limits load: a lease lost with Redis (restarted, emptied) must not crash
      // the worker (the library's default throws from a timer); the call in flight finishes.
      onLockLost: () => undefined,
    });
    await semaphore.acquire();
    try {
      await this.waitForRate(limits);
      return await fn();
    } finally {
      await semaphore.release();
    }
  }

  private async waitForRate({ agentId, ratePerMinute }: AgentLimits): Promise<void> {
    if (!ratePerMinute) return;
    for (;;) {
      const window = Math.floor(Date.now() / this.windowMs);
      const key = `${keyPrefix()}:agent:${agentId}:rate:${window}`;
      const used = await this.redis.incr(key);
      if (used === 1) await this.redis.pexpire(key, this.windowMs * 2);
      if (used <= ratePerMinute) return;
      await new Promise((r) => setTimeout(r, (window + 1) * this.windowMs - Date.now() + 10));
    }
  }
}
