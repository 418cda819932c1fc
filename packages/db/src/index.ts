import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { type Prisma, PrismaClient } from "./generated/client";
import { databaseUrl, onCloseConnections, poolConfig } from "./pool";

export * from "./generated/client";

/** Either the client or an interactive-transaction client: functions that only query accept both. */
export type Db = PrismaClient | Prisma.TransactionClient;
export { databaseUrl, poolConfig } from "./pool";

const pools = new WeakMap<PrismaClient, pg.Pool>();

export type SqlPool = pg.Pool;
export type SqlClient = pg.PoolClient;

/**
 * Prisma stores DateTime as UTC wall time in `timestamp without time zone`; node-postgres would
 * read those as local time. Raw queries therefore get this parser (the adapter sets its own per
 * query), and raw writes pass ISO strings, never Date objects, which node-postgres would send
 * as local time.
 */
const TIMESTAMP = 1114;
const utcTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP
      ? (value: string) => new Date(`${value.replace(" ", "T")}Z`)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A Prisma client over node-postgres (no Rust engine). One per process is enough. */
export function createPrisma(url = databaseUrl()): PrismaClient {
  const pool = new pg.Pool({ ...poolConfig(url), types: utcTypes });
  // Until the adapter's first query attaches its own listener, an idle connection dropping
  // (a PostgreSQL restart) would be an unhandled 'error' event.
  pool.on("error", (err) => console.error(`database pool: ${err.message}`));
  // The client owns the pool: $disconnect ends it.
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(client, pool);
  return client;
}

/**
 * The node-postgres pool under a client made by createPrisma. The per-round hot paths (match
 * claim and commit, tree reads, expansion writes) query it directly: in Prisma 6 every ORM
 * query passes the query compiler, ~1–3 ms of CPU each, against ~0.25 ms for the same query
 * here, and a match worker runs several queries per round.
 */
export function sqlPool(db: PrismaClient): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error("sqlPool: this Prisma client was not made by createPrisma");
  return pool;
}

let shared: PrismaClient | undefined;

/** The process-wide client, created on first use. */
export function prisma(): PrismaClient {
  if (!shared) {
    shared = createPrisma();
    onCloseConnections(disconnectPrisma);
  }
  return shared;
}

export async function disconnectPrisma(): Promise<void> {
  const client = shared;
  shared = undefined;
  if (!client) return;
  await client.$disconnect();
  // $disconnect ends the pool only when the client itself has queried: a process that read
  // through sqlPool alone (`arena score` reading corpus pages) kept an idle connection, and with
  // it the process, alive for the pool's 10 s idle timeout.
  const pool = pools.get(client)!;
  if (!pool.ended) await pool.end();
}

/** Runs `work` in one transaction on one pooled connection: committed if it resolves, rolled back if it throws. */
export async function inTransaction<T>(pool: SqlPool, work: (client: SqlClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let out: T;
  try {
    await client.query("BEGIN");
    out = await work(client);
    await client.query("COMMIT");
  } catch (err) {
    // A connection that cannot even roll back is destroyed, not returned to the pool.
    const broken = await client.query("ROLLBACK").then(
      () => undefined,
      (rollback: Error) => rollback,
    );
    client.release(broken);
    throw err;
  }
  client.release();
  return out;
}

/** Operator allow-list entries from the console (AllowedHost table); ARENA_ALLOW_HOSTS is read by @arena/net. */
export async function operatorAllowList(db: PrismaClient): Promise<string[]> {
  // Read once per match by every worker: node-postgres, not the ORM (see sqlPool).
  const rows = await sqlPool(db).query<{ pattern: string }>(`SELECT pattern FROM "AllowedHost"`);
  return rows.rows.map((h) => h.pattern);
}
