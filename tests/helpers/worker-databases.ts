/**
 * Global setup of the integration project (runs once, in vitest's main process): clones the
 * migrated test database named by DATABASE_URL into one database per worker,
 * `<name>_w1` … `<name>_wN`, with CREATE DATABASE … TEMPLATE (a file copy: no second migration).
 * Each run starts from fresh clones, so a changed schema reaches every worker. When DATABASE_URL
 * names no test database (no `_test`/`_bench` in its name) nothing is cloned: the tests' own
 * guard (truncateAll) then refuses to touch it, as it always did.
 */
import pg from "pg";
import type { TestProject } from "vitest/node";
import { isDisposableDatabase } from "@arena/db/testing";
import { databaseName, testWorkers, withDatabase, workerDatabase, type WorkerServices } from "./workers";

const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/arena";

export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const base = databaseName(url);
  const services: WorkerServices = { databaseUrls: {}, queuePrefix: process.env.ARENA_QUEUE_PREFIX || "arena" };
  if (isDisposableDatabase(base)) {
    // The project's own setting can be raised on the command line (--maxWorkers); clone enough for either.
    const workers = Math.max(testWorkers(), Number(project.config.maxWorkers) || 1);
    const admin = new pg.Client({ connectionString: withDatabase(url, "postgres") });
    await admin.connect();
    try {
      for (let n = 1; n <= workers; n++) {
        const name = workerDatabase(base, n);
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await cloneDatabase(admin, base, name);
        services.databaseUrls[String(n)] = withDatabase(url, name);
      }
    } finally {
      await admin.end();
    }
  }
  project.provide("arenaWorkerServices", services);
}

/**
 * CREATE DATABASE … TEMPLATE needs the template to have no other session; one that is just
 * closing (the migration a moment ago) is waited for, a lasting one is named in the error.
 */
async function cloneDatabase(admin: pg.Client, template: string, name: string): Promise<void> {
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
