/**
 * Setup file of the integration project: runs in each worker before a test file is loaded, so
 * every module the file imports (the environment reader, @arena/env; Prisma clients, queues) and every child
 * process it starts (tests/helpers/web.ts userEnv passes these on) sees this worker's own
 * database and queue prefix. Set from what the global setup provided, never from the values
 * already in this process, so running it again for the next file changes nothing.
 */
import { inject } from "vitest";

const services = inject("arenaWorkerServices");
const worker = process.env.VITEST_POOL_ID || "1";
const databaseUrl = services.databaseUrls[worker];
if (Object.keys(services.databaseUrls).length && !databaseUrl) {
  throw new Error(`no database was prepared for test worker ${worker} (prepared: ${Object.keys(services.databaseUrls).join(", ")})`);
}
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
process.env.ARENA_QUEUE_PREFIX = `${services.queuePrefix}_w${worker}`;
