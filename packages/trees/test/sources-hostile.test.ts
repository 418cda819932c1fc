import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseOffThread } from "../src/crawl/extract-thread";
import { DocumentTooDeepError, feedLinks, MAX_XML_DEPTH, sitemapLocs, sourceCandidates } from "../src/sources";

/** Feeds and sitemaps a hostile source can serve, and the allow-list a search provider gets. */
const deepSitemap = (n: number) =>
  `<?xml version="1.0"?><urlset>${"<url>".repeat(n)}<loc>https://s.example/deep</loc>${"</url>".repeat(n)}</urlset>`;
const deepFeed = (n: number) =>
  `<?xml version="1.0"?><rss><channel><item><link>https://f.example/a</link></item>${"<x>".repeat(n)}</channel></rss>`;

describe("feed and sitemap parsing is bounded", () => {
  it("refuses a sitemap nested 200,000 elements deep (it took 20 s to parse) and a feed likewise", () => {
    expect(() => sitemapLocs(deepSitemap(200_000), "https://s.example/sitemap.xml")).toThrow(DocumentTooDeepError);
    expect(() => feedLinks(deepFeed(200_000), "https://f.example/feed.xml")).toThrow(/nests more than 64 elements deep/);
  });

  it("reads documents nested up to the bound, and tags that play with the parser cost nothing extra", () => {
    // The urlset, then MAX_XML_DEPTH - 2 <url>, then <loc>: exactly the bound.
    expect(sitemapLocs(deepSitemap(MAX_XML_DEPTH - 2), "https://s.example/").locs).toEqual(["https://s.example/deep"]);
    expect(() => sitemapLocs(deepSitemap(MAX_XML_DEPTH - 1), "https://s.example/")).toThrow(DocumentTooDeepError);
    // Closing tags inside CDATA, comments and attribute values close nothing: the parser's own events count.
    const tricks = ["<a><![CDATA[</a>]]>", "<a><!-- </a> -->", '<a x="</a>">'];
    for (const t of tricks)
      expect(() => sitemapLocs(`<urlset>${t.repeat(10_000)}</urlset>`, "https://s.example/")).toThrow(DocumentTooDeepError);
    // Flat and wide is fine: 50,000 entries.
    const wide = `<urlset>${"<url><loc>https://s.example/p</loc></url>".repeat(50_000)}</urlset>`;
    expect(sitemapLocs(wide, "https://s.example/").locs).toHaveLength(50_000);
  });

  it("keeps entity-decoded and CDATA text and nested text of <loc> and <link>", () => {
    const rss = `<rss><channel><item><link><![CDATA[https://f.example/a?x=1&y=2]]></link></item><item><link>https://f.example/b?x=1&amp;y=2</link></item></channel></rss>`;
    expect(feedLinks(rss, "https://f.example/")).toEqual(["https://f.example/a?x=1&y=2", "https://f.example/b?x=1&y=2"]);
  });

  it("reads on the parsing thread as on the main thread, and a too-deep document fails there without stopping the next", async () => {
    const ok = `<urlset><url><loc>https://s.example/p1</loc></url></urlset>`;
    expect(await parseOffThread("sitemap", ok, "https://s.example/", 30_000)).toEqual(sitemapLocs(ok, "https://s.example/"));
    await expect(parseOffThread("sitemap", deepSitemap(200_000), "https://s.example/", 30_000)).rejects.toThrow(/nests more than/);
    const rss = `<rss><channel><item><link>/a</link></item></channel></rss>`;
    expect(await parseOffThread("feed", rss, "https://f.example/feed.xml", 30_000)).toEqual(["https://f.example/a"]);
  }, 60_000);
});

describe("a search provider has its own allow-list", () => {
  let server: Server;
  let base = "";
  const saved = { crawl: process.env.ARENA_ALLOW_HOSTS, search: process.env.ARENA_SEARCH_ALLOW_HOSTS };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      if (path === "/searx/search") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ results: [{ url: "https://public.example/hub" }] }));
      } else if (path === "/feed.xml") {
        res.writeHead(200, { "content-type": "application/xml" });
        res.end(`<rss><channel><item><link>https://public.example/a</link></item></channel></rss>`);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const [name, value] of [
      ["ARENA_ALLOW_HOSTS", saved.crawl],
      ["ARENA_SEARCH_ALLOW_HOSTS", saved.search],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const search = () =>
    sourceCandidates({ kind: "search", value: "bread", provider: "searxng", endpoint: `${base}/searx` }, 5, { allow: [] });
  const feed = (allow: string[] = []) => sourceCandidates({ kind: "feed", value: `${base}/feed.xml` }, 5, { allow });

  it("reaches a local search engine through ARENA_SEARCH_ALLOW_HOSTS, which opens nothing to feeds or crawls", async () => {
    process.env.ARENA_SEARCH_ALLOW_HOSTS = "127.0.0.1";
    delete process.env.ARENA_ALLOW_HOSTS;
    expect(await search()).toEqual(["https://public.example/hub"]);
    await expect(feed()).rejects.toThrow(/refused|private|loopback|not allowed/i);
  });

  it("does not reach a local search engine through the crawler's allow-list (environment or table)", async () => {
    delete process.env.ARENA_SEARCH_ALLOW_HOSTS;
    process.env.ARENA_ALLOW_HOSTS = "127.0.0.1";
    expect(await feed()).toEqual(["https://public.example/a"]);
    await expect(search()).rejects.toThrow(/refused|private|loopback|not allowed/i);
    delete process.env.ARENA_ALLOW_HOSTS;
    expect(await feed(["127.0.0.1"])).toEqual(["https://public.example/a"]);
    await expect(
      sourceCandidates({ kind: "search", value: "bread", provider: "searxng", endpoint: `${base}/searx` }, 5, { allow: ["127.0.0.1"] }),
    ).rejects.toThrow(/refused|private|loopback|not allowed/i);
  });
});
