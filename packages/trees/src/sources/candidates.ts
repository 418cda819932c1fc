import { DOMParser } from "linkedom";
import { guardedFetch } from "@arena/net";
import { SEARCH_PROVIDERS, type SearchProviderName } from "./providers";

/**
 * Candidate hub pages of a topic source: a hub is itself; a feed gives its items' links (RSS
 * `<item><link>`, Atom `<entry><link href>`); a sitemap its `<loc>` entries (a sitemap index: the
 * entries of its first sitemaps); a search source asks its provider. Every fetch goes through the
 * guarded client (address guard with the operator's allow-list, timeouts, a 2 MiB cap); only
 * http(s) URLs come out, each once, in source order.
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

async function fetchText(url: string, ctx: FetchContext): Promise<string> {
  const res = await guardedFetch(url, { allow: ctx.allow, maxBytes: MAX_BYTES, timeoutMs: 20_000, ...(ctx.signal ? { signal: ctx.signal } : {}) });
  return res.text();
}

const httpUrl = (raw: string | null | undefined, base: string | undefined): string | null => {
  if (!raw) return null;
  try {
    const u = new URL(raw.trim(), base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : null;
  } catch {
    return null;
  }
};

const xml = (text: string) => new DOMParser().parseFromString(text, "text/xml");

/** Links of an RSS or Atom feed's items. */
export function feedLinks(text: string, base: string): string[] {
  const doc = xml(text);
  const rss = [...doc.querySelectorAll("item > link")].map((l) => l.textContent);
  const atom = [...doc.querySelectorAll("entry > link")]
    .filter((l) => !l.getAttribute("rel") || l.getAttribute("rel") === "alternate")
    .map((l) => l.getAttribute("href"));
  return [...rss, ...atom].flatMap((u) => httpUrl(u, base) ?? []);
}

/** `<loc>` entries of a sitemap, and whether it is a sitemap index. */
export function sitemapLocs(text: string, base: string): { index: boolean; locs: string[] } {
  const doc = xml(text);
  const index = doc.querySelector("sitemapindex") !== null;
  return { index, locs: [...doc.querySelectorAll("loc")].flatMap((l) => httpUrl(l.textContent, base) ?? []) };
}

export async function sourceCandidates(source: SourceSpec, limit: number, ctx: FetchContext): Promise<string[]> {
  const out = await (async () => {
    switch (source.kind) {
      case "hub":
        return [source.value];
      case "feed":
        return feedLinks(await fetchText(source.value, ctx), source.value);
      case "sitemap": {
        const top = sitemapLocs(await fetchText(source.value, ctx), source.value);
        if (!top.index) return top.locs;
        const nested = await Promise.all(top.locs.slice(0, SITEMAP_INDEX_FANOUT).map(async (u) => sitemapLocs(await fetchText(u, ctx), u).locs));
        return nested.flat();
      }
      case "search": {
        const provider = SEARCH_PROVIDERS[(source.provider ?? "searxng") as SearchProviderName];
        if (!provider) throw new Error(`unknown search provider ${source.provider}`);
        if (!source.endpoint) throw new Error(`search source "${source.value}" has no provider endpoint`);
        const fetchJson = async (url: string) => JSON.parse(await fetchText(url, ctx)) as unknown;
        return provider.search(source.value, { endpoint: source.endpoint, limit, fetchJson });
      }
    }
  })();
  // A search source's value is a topic, not a base URL: its results must be absolute.
  const base = source.kind === "search" ? undefined : source.value;
  return [...new Set(out.flatMap((u) => httpUrl(u, base) ?? []))].slice(0, limit);
}
