import { disconnectPrisma, prisma } from "@arena/db";
import { log, startWorkers } from "@arena/runtime";

/** `npm run worker` / `node apps/worker/bin/worker.mjs`: run every queue's workers until SIGINT/SIGTERM. */
const running = await startWorkers(prisma(), { sandboxUrl: process.env.ARENA_SANDBOX_URL || undefined });
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
