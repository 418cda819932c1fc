import { arenaEnv } from "@arena/env";
import { disconnectPrisma, prisma } from "@arena/db";
import { log, startWorkers } from "@arena/runtime";

/** `npm run worker` / `node apps/worker/bin/worker.mjs`: run every queue's workers until SIGINT/SIGTERM. */
// Configuration first: a bad ARENA_* variable stops the worker here, named, before it takes any job.
const starting = startWorkers(prisma(), { sandboxUrl: arenaEnv().ARENA_SANDBOX_URL });
let stopping = false;
// Handlers before the start completes: a signal arriving just after "workers started" is logged
// (or during the start) still stops the workers cleanly instead of killing the process.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log("info", "stopping workers", { signal });
    const running = await starting;
    await running.close();
    await disconnectPrisma();
    process.exit(0);
  });
}
// A start that fails (bad configuration, no database) ends the process with its error, as before.
await starting;
