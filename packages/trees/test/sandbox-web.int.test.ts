import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DrArenaNode } from "@arena/core";
import { createPrisma } from "@arena/db";
import { truncateAll } from "@arena/db/testing";
import {
  corpusPageFetcher,
  importTree,
  sandboxPageFetcher,
  sandboxUrl,
  searchPages,
  SandboxFetchError,
  SearchInputError,
  startSandboxServer,
  type SandboxServer,
} from "../src/index";
import { readJson } from "./store-fixtures";

const db = createPrisma();
let server: SandboxServer;
const asthma = readJson("tree_0006.json") as DrArenaNode;

function* walk(n: DrArenaNode): Generator<DrArenaNode> {
  yield n;
  for (const c of n.children) yield* walk(c);
}
const corpusUrls = new Set<string>();

// Imported once: these tests only read.
beforeAll(async () => {
  await truncateAll(db);
  for (const file of ["tree_0006.json", "tree_0025.json", "tree_0002.json"]) {
    const tree = readJson(file) as DrArenaNode;
    await importTree(db, tree);
    for (const n of walk(tree)) if (n.content) corpusUrls.add(n.url);
  }
  server = await startSandboxServer(db, { port: 0 });
});
afterAll(async () => {
  await server?.close();
  await db.$disconnect();
});

describe("sandbox search", () => {
  it("ranks the distinctive page first and lists each URL once", async () => {
    const results = await searchPages(db, "cough-variant asthma", 10);
    expect(results[0]!.url).toBe("https://my.clevelandclinic.org/health/diseases/25200-cough-variant-asthma");
    expect(results[0]!.title).toBe("Cough-Variant Asthma: Causes, Symptoms & Treatment");
    expect(results[0]!.sandboxUrl).toBe(`/sandbox/page?url=${encodeURIComponent(results[0]!.url)}`);
    expect(results[0]!.snippet.length).toBeGreaterThan(0);
    const urls = results.map((r) => r.url);
    expect(new Set(urls).size).toBe(urls.length);
    const scores = results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("returns a page stored at several positions once", async () => {
    const counts = new Map<string, number>();
    for (const n of walk(asthma)) if (n.content) counts.set(n.url, (counts.get(n.url) ?? 0) + 1);
    const repeated = [...walk(asthma)].find((n) => (counts.get(n.url) ?? 0) > 1 && n.title)!;
    const results = await searchPages(db, repeated.title!, 50);
    expect(results.filter((r) => r.url === repeated.url)).toHaveLength(1);
  });

  it("finds pages of another tree and honours k", async () => {
    const results = await searchPages(db, "immunoglobulin IgE", 3);
    expect(results[0]!.url).toBe("https://my.clevelandclinic.org/health/body/ige");
    const three = await searchPages(db, "asthma", 3);
    expect(three).toHaveLength(3);
    expect(three.every((r) => /«asthma»/i.test(r.snippet))).toBe(true);
    expect((await searchPages(db, "mac finder window", 5)).every((r) => corpusUrls.has(r.url))).toBe(true);
  });

  it("rejects empty and oversized queries and k outside 1..50", async () => {
    await expect(searchPages(db, "   ", 10)).rejects.toBeInstanceOf(SearchInputError);
    await expect(searchPages(db, "x".repeat(300), 10)).rejects.toThrow(/longer than/);
    await expect(searchPages(db, "asthma", 0)).rejects.toThrow(/at least 1/);
    await expect(searchPages(db, "asthma", 51)).rejects.toThrow(/at most 50/);
  });

  it("serves search over HTTP with absolute sandbox URLs and 400 on bad input", async () => {
    const res = await fetch(`${server.url}/sandbox/search?q=asthma&k=2`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Array<{ url: string; sandboxUrl: string }>;
    expect(body).toHaveLength(2);
    expect(body[0]!.sandboxUrl).toBe(sandboxUrl(server.url, body[0]!.url));
    expect((await fetch(`${server.url}/sandbox/search?q=`)).status).toBe(400);
    expect((await fetch(`${server.url}/sandbox/search?q=asthma&k=abc`)).status).toBe(400);
  });
});

describe("sandbox web", () => {
  const root = asthma;

  it("renders a stored page with canonical link, escaped text and rewritten links", async () => {
    const res = await fetch(sandboxUrl(server.url, root.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="${root.url}">`);
    expect(html).toContain("<title>Asthma: Types, Causes, Symptoms, Diagnosis &amp; Treatment</title>");
    const inside = root.link_contexts.find((lc) => corpusUrls.has(lc.url))!;
    const outside = root.link_contexts.find((lc) => !corpusUrls.has(lc.url))!;
    expect(html).toContain(`href="/sandbox/page?url=${encodeURIComponent(inside.url)}"`);
    expect(html).toContain(`href="${outside.url}"`);
    expect(html).not.toContain(`href="/sandbox/page?url=${encodeURIComponent(outside.url)}"`);
    expect(html).toContain(`<h2>${inside.relationship}</h2>`);
  });

  it("answers 404 for pages outside the corpus, unknown routes, and serves robots and health", async () => {
    expect((await fetch(sandboxUrl(server.url, "https://example.org/nowhere"))).status).toBe(404);
    const failed = [...walk(root)].find((n) => !n.content && !corpusUrls.has(n.url))!;
    expect((await fetch(sandboxUrl(server.url, failed.url))).status).toBe(404);
    expect((await fetch(`${server.url}/elsewhere`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toBe("User-agent: *\nAllow: /\n");
    expect(await (await fetch(`${server.url}/sandbox/health`)).json()).toEqual({ status: "ok" });
  });

  it("escapes markup stored in page text", async () => {
    const evil: DrArenaNode = {
      ...asthma,
      url: "https://evil.example/<x>",
      title: "<script>alert(1)</script>",
      description: '"><img src=x onerror=alert(1)>',
      content: "Plain <b>text</b> & more",
      link_contexts: [
        { url: 'https://evil.example/"quote"', anchor_text: "<i>", surrounding_text: "before <i> after", relationship: "<h1>" },
        { url: "javascript:alert(1)", anchor_text: "click me", surrounding_text: "then click me", relationship: "<h1>" },
      ],
      children: [],
    };
    await importTree(db, evil);
    const html = await (await fetch(sandboxUrl(server.url, evil.url))).text();
    expect(html).not.toMatch(/<script>|<img|<b>|<i>|<h1><\/h2>/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('href="https://evil.example/&quot;quote&quot;"');
    // A stored non-http URL is shown as text, never as a link.
    expect(html).not.toContain("javascript:");
    expect(html).toContain("then click me");
  });

  it("fetches a page back through the sandbox as a FetchedPage with original URLs", async () => {
    const fetcher = sandboxPageFetcher(server.url);
    const long = [...walk(root)].find((n) => (n.content?.length ?? 0) > 3000 && n.link_contexts.length > 10)!;
    const page = await fetcher(long.url);
    expect(page.url).toBe(long.url);
    expect(page.domain).toBe(long.domain);
    expect(page.title).toBe(long.title);
    expect(page.description).toBe(long.description!.replace(/\s+/g, " ").trim());
    expect(page.content).toBe(long.content!.replace(/\s+/g, " ").trim());
    expect(page.links.length).toBeGreaterThan(0);
    expect(page.links.every((l) => !l.url.startsWith(server.url))).toBe(true);
    // A URL linked twice keeps its first context, as the extractor does.
    const stored = new Map(long.link_contexts.toReversed().map((lc) => [lc.url, lc]));
    for (const link of page.links) {
      expect(stored.has(link.url), link.url).toBe(true);
      expect(link.anchorText).toBe(stored.get(link.url)!.anchor_text.replace(/\s+/g, " ").trim());
      expect(link.relationship).toBe(stored.get(link.url)!.relationship);
    }
    expect(page.links.some((l) => corpusUrls.has(l.url))).toBe(true);
    await expect(fetcher("https://example.org/nowhere")).rejects.toBeInstanceOf(SandboxFetchError);
  });

  it("reads the same pages straight from the corpus as through HTTP", async () => {
    const http = sandboxPageFetcher(server.url);
    const direct = corpusPageFetcher(db);
    const pages = [...walk(root)].filter((n) => n.content && n.link_contexts.length > 0).slice(0, 25);
    expect(pages.length).toBeGreaterThan(10);
    for (const node of pages) {
      const [a, b] = await Promise.all([http(node.url), direct(node.url)]);
      expect({ ...b, links: [] }).toEqual({ ...a, links: [] });
      // The same links. The rendered page groups them by label, so for a URL linked twice HTTP
      // keeps the first context in label order; the corpus keeps the page's first one. Links to
      // pages outside the corpus keep their original href, which HTML parsing canonicalises
      // ("https://x.org" → "https://x.org/"); the corpus reader keeps the stored URL.
      const canonical = (u: string) => new URL(u).href;
      expect(b.links.map((l) => canonical(l.url)).sort(), node.url).toEqual(a.links.map((l) => canonical(l.url)).sort());
      const first = new Map(node.link_contexts.toReversed().map((lc) => [lc.url, lc]));
      const once = new Set(node.link_contexts.map((l) => l.url).filter((u, _i, all) => all.indexOf(u) === all.lastIndexOf(u)));
      const viaHttp = new Map(a.links.map((l) => [canonical(l.url), l]));
      for (const link of b.links) {
        const stored = first.get(link.url)!;
        expect(link).toMatchObject({ anchorText: stored.anchor_text.replace(/\s+/g, " ").trim(), relationship: stored.relationship });
        if (once.has(link.url))
          expect(viaHttp.get(canonical(link.url))).toMatchObject({ anchorText: link.anchorText, relationship: link.relationship });
      }
      // Page order, as stored.
      expect(b.links.map((l) => l.url)).toEqual(
        [...new Set(node.link_contexts.map((l) => l.url))].filter((u) => viaHttp.has(canonical(u))),
      );
    }
    const missing = await direct("https://example.org/nowhere").catch((err: unknown) => err);
    expect(missing).toBeInstanceOf(SandboxFetchError);
    expect((missing as SandboxFetchError).status).toBe(404);
  });
});
