import type { Redis } from "ioredis";
import { z } from "zod";
import { keyPrefix } from "./redis";

/**
 * Health and readiness, shared by the web servers (GET /api/health) and the workers (their Redis
 * heartbeat and GET /readyz): a process is ready when PostgreSQL and Redis answer.
 */
export const serviceCheckSchema = z.object({
  ok: z.boolean(),
  /** How long the check took. */
  ms: z.number(),
  error: z.string().optional(),
});
export type ServiceCheck = z.infer<typeof serviceCheckSchema>;

/** Runs one check with a time limit; a failure or a timeout is `ok: false` with the reason. */
export async function check(probe: () => Promise<unknown>, timeoutMs = 2_000): Promise<ServiceCheck> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs))),
    ]);
    return { ok: true, ms: Math.round(performance.now() - t0) };
  } catch (err) {
    return { ok: false, ms: Math.round(performance.now() - t0), error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

export const webHealthSchema = z.object({
  /** `ok` (200) when PostgreSQL and Redis answer, else `unavailable` (503). */
  status: z.enum(["ok", "unavailable"]),
  /** The web app's build (Next's BUILD_ID); null when not served by server/main.mjs. */
  build: z.string().nullable(),
  checks: z.object({ database: serviceCheckSchema, redis: serviceCheckSchema }),
  /** Workers whose heartbeat is current (informational: a web server serves pages without them); null when Redis did not answer. */
  workers: z.int().nullable(),
});
export type WebHealth = z.infer<typeof webHealthSchema>;

/** A worker's heartbeat: written every HEARTBEAT_MS with a lifetime of HEARTBEAT_TTL_MS, so a dead worker's key vanishes. */
export const workerHeartbeatSchema = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.int(),
  startedAt: z.iso.datetime(),
  at: z.iso.datetime(),
  /** PostgreSQL answered at this beat (Redis did, or there would be no beat). */
  database: z.boolean(),
});
export type WorkerHeartbeat = z.infer<typeof workerHeartbeatSchema>;

export const HEARTBEAT_MS = 5_000;
export const HEARTBEAT_TTL_MS = 15_000;

export const heartbeatKey = (id: string) => `${keyPrefix()}:workers:${id}`;

/** The heartbeats of the live workers of this key prefix. */
export async function liveWorkers(redis: Redis): Promise<WorkerHeartbeat[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await redis.scan(cursor, "MATCH", heartbeatKey("*"), "COUNT", 200);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== "0");
  if (keys.length === 0) return [];
  const values = await redis.mget(...keys);
  return values.flatMap((v) => {
    const parsed = workerHeartbeatSchema.safeParse(v ? safeJson(v) : null);
    return parsed.success ? [parsed.data] : [];
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
