import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { hostname } from "node:os";
import { sqlPool } from "@arena/db";
import { check, heartbeatKey, HEARTBEAT_MS, HEARTBEAT_TTL_MS, type WorkerHeartbeat } from "@arena/jobs";
import type { WorkerContext } from "./context";
import { errorContext, log } from "./log";

/**
 * A worker's readiness, for orchestrators and for the other processes:
 * - a heartbeat in Redis (`<prefix>:workers:<host>:<pid>:<nonce>`, rewritten every 5 s, gone 15 s
 *   after the last beat), which the web's GET /api/health counts and tests wait for;
 * - with ARENA_WORKER_HEALTH_PORT, an HTTP endpoint: GET /livez answers 200 while the process's
 *   event loop runs (a liveness probe), GET /readyz 200 when PostgreSQL and Redis answer, else
 *   503 (a readiness probe; the container's HEALTHCHECK asks it).
 */
export interface WorkerHealth {
  id: string;
  /** The health endpoint's port (null without ARENA_WORKER_HEALTH_PORT). */
  port: number | null;
  stop(): Promise<void>;
}

async function readiness(ctx: WorkerContext) {
  const [database, redis] = await Promise.all([check(() => sqlPool(ctx.db).query("SELECT 1")), check(() => ctx.redis.ping())]);
  return { ready: database.ok && redis.ok, checks: { database, redis } };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/** A worker process's identity: its heartbeat key and the name its BullMQ workers record on the jobs they take (`processedBy`). */
export function workerIdentity(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

export async function startHealth(ctx: WorkerContext, opts: { id: string; port?: number | undefined }): Promise<WorkerHealth> {
  const startedAt = new Date().toISOString();
  const { id } = opts;
  const beat = async () => {
    const database = await check(() => sqlPool(ctx.db).query("SELECT 1"));
    const value: WorkerHeartbeat = {
      id,
      host: hostname(),
      pid: process.pid,
      startedAt,
      at: new Date().toISOString(),
      database: database.ok,
    };
    await ctx.redis.set(heartbeatKey(id), JSON.stringify(value), "PX", HEARTBEAT_TTL_MS);
  };
  const safeBeat = () => beat().catch((err: unknown) => log("warn", "heartbeat failed", errorContext(err)));
  await safeBeat();
  const timer = setInterval(safeBeat, HEARTBEAT_MS);
  timer.unref();

  let server: Server | null = null;
  let port: number | null = null;
  if (opts.port !== undefined) {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://worker").pathname;
      if (req.method !== "GET" || (path !== "/livez" && path !== "/readyz")) return void res.writeHead(404).end();
      if (path === "/livez")
        return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status: "ok", id }));
      void readiness(ctx).then(({ ready, checks }) =>
        res
          .writeHead(ready ? 200 : 503, { "content-type": "application/json" })
          .end(JSON.stringify({ status: ready ? "ok" : "unavailable", id, checks })),
      );
    });
    port = await listen(server, opts.port);
    log("info", "worker health endpoint", { port, paths: ["/livez", "/readyz"] });
  }
  return {
    id,
    port,
    stop: async () => {
      clearInterval(timer);
      await ctx.redis.del(heartbeatKey(id)).catch(() => 0);
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}
