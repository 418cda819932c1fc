/**
 * How the test run splits into workers, shared by vitest.config.ts (how many files run at once),
 * the integration project's global setup (one database per worker) and its setup file (which
 * database and queue prefix this worker's files use).
 *
 * ARENA_TEST_WORKERS sets how many test files run at once (default 2, one per core of the
 * reference machine). Each integration worker N gets the database `<test database>_p<pid>_w<N>`,
 * cloned from the migrated test database for this run, and the queue prefix `<prefix>_w<N>`, so
 * two files never see each other's rows, jobs, locks or events.
 */

export const DEFAULT_TEST_WORKERS = 2;

/** The worker count from ARENA_TEST_WORKERS (a whole number from 1), else the default. */
export function testWorkers(raw: string | undefined = process.env.ARENA_TEST_WORKERS): number {
  if (raw === undefined || raw.trim() === "") return DEFAULT_TEST_WORKERS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`ARENA_TEST_WORKERS must be a whole number from 1 to 16, got "${raw}"`);
  return n;
}

/** What the global setup hands every integration worker: the databases it prepared and the prefix to extend. */
export interface WorkerServices {
  /** `${VITEST_POOL_ID}` → that worker's DATABASE_URL; empty when DATABASE_URL names no test database. */
  databaseUrls: Record<string, string>;
  /** The queue prefix the run was started with; each worker appends `_w<N>`. */
  queuePrefix: string;
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
