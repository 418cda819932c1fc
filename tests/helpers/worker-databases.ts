/**
 * Global setup of the integration project (runs once, in vitest's main process): clones the
 * migrated test database named by DATABASE_URL into one database per worker for this run,
 * `<name>_p<pid>_w1` … `<name>_p<pid>_wN`, with CREATE DATABASE … TEMPLATE (a file copy: no
 * second migration), and drops them when the run ends. Clones left by a run that was killed are
 * dropped at the next start once nothing uses them. When DATABASE_URL names no test database
 * (no `_test`/`_bench` in its name) nothing is cloned: the tests' own guard (truncateAll) then
 * refuses to touch it, as it always did.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { isDisposableDatabase } from "@arena/db/testing";
import { processesWithEnvironment } from "./proc";
import { databaseName, withDatabase, workerDatabase, workerDatabaseRun, type WorkerServices } from "./workers";

const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/arena";

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const base = databaseName(url);
  const services: WorkerServices = {
    databaseUrls: {},
    queuePrefix: process.env.ARENA_QUEUE_PREFIX || "arena",
    secretKey: process.env.ARENA_SECRET_KEY || randomBytes(32).toString("base64"),
  };
  if (!isDisposableDatabase(base)) {
    project.provide("arenaWorkerServices", services);
    return undefined;
  }

  const workers = Number(project.config.maxWorkers) || 1;
  const names = Array.from({ length: workers }, (_, i) => workerDatabase(base, process.pid, i + 1));
  await withAdmin(url, async (admin) => {
    await dropLeftovers(admin, base);
    for (const [i, name] of names.entries()) {
      await cloneDatabase(admin, base, name);
      services.databaseUrls[String(i + 1)] = withDatabase(url, name);
    }
  });
  project.provide("arenaWorkerServices", services);
  return async () => {
    // What the workers kept (tests/helpers/kept.ts) stops with them; a worker that was killed leaves it running.
    stopProcessesUsing(Object.values(services.databaseUrls));
    await withAdmin(url, async (admin) => {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  };
}

/** SIGTERM to every process whose environment names one of `urls` as its DATABASE_URL. */
function stopProcessesUsing(urls: string[]): void {
  for (const pid of urls.flatMap((url) => processesWithEnvironment([`DATABASE_URL=${url}`]))) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // gone meanwhile
    }
  }
}

async function withAdmin(url: string, use: (admin: pg.Client) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await admin.connect();
  try {
    await use(admin);
  } finally {
    await admin.end();
  }
}

/** Clones of `base` from runs whose vitest process is gone (killed before its teardown), unless something still uses them. */
async function dropLeftovers(admin: pg.Client, base: string): Promise<void> {
  const { rows } = await admin.query<{ name: string }>("select datname::text as name from pg_database");
  for (const { name } of rows) {
    const pid = workerDatabaseRun(base, name);
    if (pid === null || pid === process.pid || alive(pid)) continue;
    // Without FORCE: a clone someone still has open (another machine's run) stays.
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`).catch(() => undefined);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * CREATE DATABASE … TEMPLATE needs the template to have no other session; one that is just
 * closing (the migration a moment ago) is waited for, a lasting one is named in the error.
 */
async function cloneDatabase(admin: pg.Client, template: string, name: string): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (err) {
      if (!/being accessed by other users/.test(String(err)) || attempt >= 20) {
        throw new Error(`cloning the test database ${template} into ${name} failed (close other sessions on ${template}): ${String(err)}`);
      }
      await new Promise((r) => setTimeout(r, 250)); // the other session is gone within a moment, or the error above names it
    }
  }
}
