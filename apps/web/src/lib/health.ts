import { sqlPool } from "@arena/db";
import { createRedis } from "@arena/jobs";
import { check, liveWorkers, type ServiceCheck, type WebHealth } from "@arena/jobs/health";
import type { Redis } from "ioredis";
import { db } from "./db";

/**
 * GET /api/health: PostgreSQL (SELECT 1 on the process's pool), Redis (PING on a connection of its
 * own that fails fast instead of queueing while Redis is away), the build this process serves, and
 * the workers whose heartbeat is current. 200 when both services answer, 503 otherwise: what a load
 * balancer or an orchestrator's readiness probe asks.
 */
let redis: Redis | undefined;
export function healthRedis(): Redis {
  if (!redis) {
    redis = createRedis({ maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 });
    redis.on("error", () => undefined); // reported by the check; ioredis reconnects by itself
  }
  return redis;
}

/** Resolves once the connection is up (the first check after start waits for it; the check's time limit bounds the wait). */
function ready(r: Redis, waitMs = 1_500): Promise<void> {
  if (r.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      r.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, waitMs); // then the PING fails and says why
    r.on("ready", done);
  });
}

/** Set by server/main.mjs: the build it serves (its BUILD_ID). */
const BUILD_KEY = Symbol.for("arena.web.build");

/**
 * What a viewer may see: anyone gets each component's status and timing; only admins get why a
 * check failed (the driver's error names hosts, ports, database roles).
 */
export function healthFor(health: WebHealth, admin: boolean): WebHealth {
  if (admin) return health;
  const bare = ({ ok, ms }: ServiceCheck): ServiceCheck => ({ ok, ms });
  return { ...health, checks: { database: bare(health.checks.database), redis: bare(health.checks.redis) } };
}

export async function webHealth(): Promise<WebHealth> {
  const r = healthRedis();
  const [database, redisCheck] = await Promise.all([
    check(() => sqlPool(db()).query("SELECT 1")),
    check(() => ready(r).then(() => r.ping())),
  ]);
  const workers = redisCheck.ok
    ? await liveWorkers(r).then(
        (w) => w.length,
        () => null,
      )
    : null;
  const build = (globalThis as { [BUILD_KEY]?: { id: string } })[BUILD_KEY]?.id ?? null;
  return { status: database.ok && redisCheck.ok ? "ok" : "unavailable", build, checks: { database, redis: redisCheck }, workers };
}
