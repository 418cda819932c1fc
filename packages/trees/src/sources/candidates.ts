import { guardedFetch } from "@arena/net";
import { parseOffThread } from "../crawl/extract-thread";
import { httpUrl } from "./parse";
import { SEARCH_PROVIDERS, type SearchProviderName } from "./providers";

/**
 * Candidate hub pages of a topic source: a hub is itself; a feed gives its items' links (RSS
 * `<item><link>`, Atom `<entry><link href>`); a sitemap its `<loc>` entries (a sitemap index: the
 * entries of its first sitemaps); a search source asks its provider. Every fetch goes through the
 * guarded client (timeouts, a 2 MiB cap, the address guard: feeds and sitemaps with the crawler's
 * allow-list, a search provider with its own, ARENA_SEARCH_ALLOW_HOSTS, limited to its endpoint's
 * origin, so allow-listing a local search engine does not let a crawl reach it). Feeds and sitemaps
 * are read on the parsing thread with a nesting bound (parse.ts). Only http(s) URLs come out, each
 * once, in source order.
 */
export interface SourceSpec {
  kind: "hub" | "feed" | "sitemap" | "search";
  value: string;
  provider?: string | null;
  endpoint?: string | null;
}

export interface FetchContext {
  allow: readonly string[];
  signal?: AbortSignal;
}

const MAX_BYTES = 2 * 1024 * 1024;
/** Nested sitemaps read from one index. */
const SITEMAP_INDEX_FANOUT = 3;
/** Time for reading one feed or sitemap on the parsing thread (a bounded 2 MiB document takes well under a second). */
const PARSE_TIMEOUT_MS = 10_000;

/** `search`: a search provider's request, guarded by its own allow-list and limited to its endpoint's origin. */
async function fetchText(url: string, ctx: FetchContext, search?: { endpoint: string }): Promise<string> {
  const guard = search ? { purpose: "search" as const, allowOrigin: search.endpoint } : { allow: ctx.allow };
  const res = await guardedFetch(url, { ...guard, maxBytes: MAX_BYTES, timeoutMs: 20_000, ...(ctx.signal ? { signal: ctx.signal } : {}) });
  return res.text();
}

const feed = async (url: string, ctx: FetchContext) => parseOffThread("feed", await fetchText(url, ctx), url, PARSE_TIMEOUT_MS);
const sitemap = async (url: string, ctx: FetchContext) => parseOffThread("sitemap", await fetchText(url, ctx), url, PARSE_TIMEOUT_MS);

export async function sourceCandidates(source: SourceSpec, limit: number, ctx: FetchContext): Promise<string[]> {
  const out = await (async () => {
    switch (source.kind) {
      case "hub":
        return [source.value];
      case "feed":
        return feed(source.value, ctx);
      case "sitemap": {
        const top = await sitemap(source.value, ctx);
        if (!top.index) return top.locs;
        const nested = await Promise.all(top.locs.slice(0, SITEMAP_INDEX_FANOUT).map(async (u) => (await sitemap(u, ctx)).locs));
        return nested.flat();
      }
      case "search": {
        const provider = SEARCH_PROVIDERS[(source.provider ?? "searxng") as SearchProviderName];
        if (!provider) throw new Error(`unknown search provider ${source.provider}`);
        if (!source.endpoint) throw new Error(`search source "${source.value}" has no provider endpoint`);
        const endpoint = source.endpoint;
        const fetchJson = async (url: string) => JSON.parse(await fetchText(url, ctx, { endpoint })) as unknown;
        return provider.search(source.value, { endpoint: source.endpoint, limit, fetchJson });
      }
    }
  })();
  // A search source's value is a topic, not a base URL: its results must be absolute.
  const base = source.kind === "search" ? undefined : source.value;
  return [...new Set(out.flatMap((u) => httpUrl(u, base) ?? []))].slice(0, limit);
}
