import { arenaEnv } from "@arena/env";
import pg from "pg";

/** DATABASE_URL (unset: the local trust-auth server's `arena` database). */
export function databaseUrl(): string {
  return arenaEnv().DATABASE_URL;
}

/**
 * Pool config from discrete fields rather than `connectionString`: Prisma's JS migration
 * engine derives its shadow database from these fields (with a connection string it reuses
 * the main database and the second migration fails with P3006).
 */
export function poolConfig(url = databaseUrl()): pg.PoolConfig {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username || "postgres"),
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, "")) || "postgres",
    max: arenaEnv().ARENA_DB_POOL,
    // Timestamps are UTC wall time in `timestamp without time zone` (as Prisma writes them), so
    // column defaults (now()) must be evaluated in UTC too, whatever the server's TimeZone.
    options: "-c TimeZone=UTC",
  };
}

/**
 * A node-postgres pool without the Prisma client, for commands that run a query or two and exit
 * (`arena tree list`): loading Prisma and its query compiler costs several times such a query.
 */
export function createSqlPool(url = databaseUrl()): pg.Pool {
  return new pg.Pool({ ...poolConfig(url), max: 2 });
}

const closers = new Set<() => Promise<void>>();

/** Registers how to close a process-wide connection (the shared Prisma client does). */
export function onCloseConnections(close: () => Promise<void>): void {
  closers.add(close);
}

/**
 * Closes the connections registered so far, so a command's process can exit. From here rather
 * than the client's module: a command that never opened the client does not load Prisma to close it.
 */
export async function closeConnections(): Promise<void> {
  const all = [...closers];
  closers.clear();
  await Promise.all(all.map((close) => close()));
}
