// The extraction thread (see extract-thread.ts) when running from sources. Plain JavaScript so that
// it starts in any host (tsx, vitest, node); it registers tsx to load the TypeScript extractor itself.
// The built CLI and worker run extract-worker.built.ts compiled instead (scripts/build-apps.mjs).
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { serveExtraction } = await import("./extract-serve.ts");
serveExtraction(parentPort);
