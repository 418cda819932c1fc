// The scoreboard thread (see thread.ts) when running from sources. Plain JavaScript so that it
// starts in any host (tsx, vitest, node); it registers tsx to load the TypeScript itself.
// The built worker and CLI run thread-worker.built.ts compiled instead (scripts/build-apps.mjs).
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { serveScoreboard } = await import("./thread-serve.ts");
serveScoreboard(parentPort);
