/**
 * Runs once when the server starts. Under `server/main.mjs` a page cache sits in front of Next:
 * every arena event drops it, through the process's one event subscriber, so a reload after a
 * live update never shows the page from before it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const cache = (globalThis as { [key: symbol]: { invalidate(): void } | undefined })[Symbol.for("arena.web.pageCache")];
  if (!cache) return;
  const { listen } = await import("./lib/api/events");
  listen(() => cache.invalidate());
}
