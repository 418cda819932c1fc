import { describe, expect, it } from "vitest";
import { feedLinks, sitemapLocs } from "../src/sources";

describe("topic source documents", () => {
  it("reads the item links of an RSS feed and the entry links of an Atom feed, resolving and keeping http(s) only", () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>https://news.example/</link>
      <item><title>a</title><link>https://news.example/a</link></item>
      <item><title>b</title><link> /b </link></item>
      <item><title>c</title><link>javascript:alert(1)</link></item></channel></rss>`;
    expect(feedLinks(rss, "https://news.example/feed.xml")).toEqual(["https://news.example/a", "https://news.example/b"]);
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><link href="https://blog.example/" rel="self"/>
      <entry><title>x</title><link href="https://blog.example/x"/></entry>
      <entry><title>y</title><link rel="enclosure" href="https://blog.example/y.mp3"/><link rel="alternate" href="https://blog.example/y"/></entry></feed>`;
    expect(feedLinks(atom, "https://blog.example/atom.xml")).toEqual(["https://blog.example/x", "https://blog.example/y"]);
  });

  it("reads a sitemap's <loc> entries and tells a sitemap index apart", () => {
    const map = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://s.example/p1</loc></url><url><loc>https://s.example/p2</loc></url></urlset>`;
    expect(sitemapLocs(map, "https://s.example/sitemap.xml")).toEqual({
      index: false,
      locs: ["https://s.example/p1", "https://s.example/p2"],
    });
    const index = `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://s.example/sm1.xml</loc></sitemap></sitemapindex>`;
    expect(sitemapLocs(index, "https://s.example/sitemap.xml")).toEqual({ index: true, locs: ["https://s.example/sm1.xml"] });
  });
});
