import type { PageFetcher } from "@arena/core";
import type { PrismaClient } from "@arena/db";
import { corpusPageFetcher, sandboxPageFetcher, webPageFetcher } from "@arena/trees";

/** A cited page's text, or null when it cannot be fetched (then its citations are `unknown`). */
export type PageSource = (url: string) => Promise<string | null>;

/**
 * A content cache over a PageFetcher, shared by every round a process scores: answers of one
 * tree cite the same pages again and again. Failures are cached too (a page that could not be
 * fetched stays unknown for this process instead of being retried per citation). Oldest entries
 * are evicted first once `max` pages are held.
 */
export function cachedPages(fetcher: PageFetcher, max = 2_000): PageSource {
  const cache = new Map<string, Promise<string | null>>();
  return (url) => {
    const key = url.replace(/#.*$/, "");
    let hit = cache.get(key);
    if (!hit) {
      hit = fetcher(key).then(
        (page) => [page.title, page.description, page.content].filter(Boolean).join("\n"),
        () => null,
      );
      cache.set(key, hit);
      if (cache.size > max) cache.delete(cache.keys().next().value!);
    }
    return hit;
  };
}

/**
 * Where cited pages come from. `corpus`: the sandbox corpus read from the database (offline, no
 * HTTP); `sandbox`: a sandbox web over HTTP through the guarded client; `web`: the live web
 * through the guarded client (address guard, robots.txt, size and time limits).
 */
export type PageOrigin =
  | { kind: "corpus"; db: PrismaClient }
  | { kind: "sandbox"; url: string }
  | { kind: "web"; allow?: readonly string[] };

export function pageFetcherFor(origin: PageOrigin): PageFetcher {
  if (origin.kind === "corpus") return corpusPageFetcher(origin.db);
  if (origin.kind === "sandbox") return sandboxPageFetcher(origin.url);
  return webPageFetcher({ allow: origin.allow ?? [], perHostDelayMs: 250 });
}
