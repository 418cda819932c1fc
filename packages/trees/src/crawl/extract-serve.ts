import type { MessagePort } from "node:worker_threads";
import { extractPage } from "./extract";

/** The extraction thread's side of extract-thread.ts: announce readiness, then extract pages on request. */
export function serveExtraction(port: MessagePort): void {
  port.postMessage({ ready: true });
  port.on("message", ({ id, html, url }: { id: number; html: string; url: string }) => {
    try {
      port.postMessage({ id, page: extractPage(html, url) });
    } catch (err) {
      port.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
    }
  });
}
