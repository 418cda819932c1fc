/**
 * How the integration project's workers are kept apart, shared by its global setup (one database
 * per worker) and its setup file (which database and queue prefix this worker's files use).
 *
 * vitest.config.ts runs ARENA_TEST_WORKERS test files at once. Each integration worker N gets
 * the database `<test database>_p<pid>_w<N>`, cloned from the migrated test database for this
 * run, and the queue prefix `<prefix>_w<N>`, so two files never see each other's rows, jobs,
 * locks or events.
 */

/** What the global setup hands every integration worker: the databases it prepared and the prefix to extend. */
export interface WorkerServices {
  /** `${VITEST_POOL_ID}` → that worker's DATABASE_URL; empty when DATABASE_URL names no test database. */
  databaseUrls: Record<string, string>;
  /** The queue prefix the run was started with; each worker appends `_w<N>`. */
  queuePrefix: string;
  /** ARENA_SECRET_KEY for the run (the one set, else a new random key): the shared web servers and the files agree on it. */
  secretKey: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    arenaWorkerServices: WorkerServices;
  }
}

/** `url` with its database name replaced by `name` (query string kept). */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The database name `url` connects to. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/**
 * Worker N's database in the run of vitest process `pid`, cloned from `base`. The pid keeps two
 * runs on one test database (two terminals) from dropping each other's clones.
 */
export const workerDatabase = (base: string, pid: number, n: number) => `${base}_p${pid}_w${n}`;

/** The vitest pid in the name of a worker database cloned from `base`, or null for any other name. */
export function workerDatabaseRun(base: string, name: string): number | null {
  if (!name.startsWith(`${base}_p`)) return null;
  const m = /^(\d+)_w\d+$/.exec(name.slice(base.length + 2));
  return m ? Number(m[1]) : null;
}
