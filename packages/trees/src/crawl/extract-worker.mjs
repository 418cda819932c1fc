// The extraction thread (see extract-thread.ts). Plain JavaScript so that it starts in any host
// (tsx, vitest, node); it registers tsx to load the TypeScript extractor itself.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { extractPage } = await import("./extract.ts");

parentPort.postMessage({ ready: true });
parentPort.on("message", ({ id, html, url }) => {
  try {
    parentPort.postMessage({ id, page: extractPage(html, url) });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
