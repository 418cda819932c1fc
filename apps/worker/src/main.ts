import { arenaEnv } from "@arena/core/env";
import { disconnectPrisma, prisma } from "@arena/db";
import { log, startWorkers } from "@arena/runtime";

/** `npm run worker` / `node apps/worker/bin/worker.mjs`: run every queue's workers until SIGINT/SIGTERM. */
// Configuration first: a bad ARENA_* variable stops the worker here, named, before it takes any job.
const running = await startWorkers(prisma(), { sandboxUrl: arenaEnv().ARENA_SANDBOX_URL });
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log("info", "stopping workers", { signal });
    await running.close();
    await disconnectPrisma();
    process.exit(0);
  });
}
