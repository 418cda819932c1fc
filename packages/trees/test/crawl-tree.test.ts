import { setTimeout as sleep } from "node:timers/promises";
import { parseDrArenaTree, type DrArenaNode, type FetchedPage, type PageFetcher } from "@arena/core";
import { describe, expect, it } from "vitest";
import { crawlTree, type CrawlProgress } from "../src/crawl/crawler";

/** A small site: page name → outbound page names. Names starting with "bad" fail to fetch. */
const SITE: Record<string, string[]> = {
  hub: ["a", "b", "bad1", "c", "d"],
  a: ["a1", "a2", "hub", "b"],
  b: ["b1", "a1", "b2"],
  bad1: [],
  c: ["c1"],
  d: [],
  a1: ["deep"],
  a2: [],
  b1: [],
  b2: [],
  c1: [],
  deep: [],
};
const url = (name: string) => `https://site.test/${name}`;

/** Serves SITE from memory, finishing fetches in a scrambled order. */
function siteFetcher(delays = true): PageFetcher & { calls: string[] } {
  const calls: string[] = [];
  const fetcher = async (u: string, signal?: AbortSignal): Promise<FetchedPage> => {
    calls.push(u);
    const name = u.slice(url("").length);
    if (delays) await sleep((name.charCodeAt(0) * 7) % 23, undefined, { signal });
    if (name.startsWith("bad")) throw new Error(`HTTP 500 for ${u}`);
    return {
      url: u,
      domain: "site.test",
      title: `Page ${name}`,
      description: null,
      content: `Content of ${name}`,
      links: (SITE[name] ?? []).map((to) => ({
        url: url(to),
        anchorText: to,
        surroundingText: `see ${to}`,
        relationship: `from ${name}`,
      })),
    };
  };
  return Object.assign(fetcher, { calls });
}

function outline(n: DrArenaNode): unknown {
  const name = n.url.slice(url("").length);
  return n.children.length ? { [name]: n.children.map(outline) } : name;
}

describe("crawlTree", () => {
  it("builds a bounded breadth-first tree in DR-Arena format", async () => {
    const tree = await crawlTree({ rootUrl: url("hub"), maxDepth: 2, fanOut: 2, fetcher: siteFetcher() });
    expect(parseDrArenaTree(JSON.parse(JSON.stringify(tree)))).toEqual(tree);
    // hub keeps its first two links; a1 is placed under a, so b takes b1 and b2.
    expect(outline(tree)).toEqual({ hub: [{ a: ["a1", "a2"] }, { b: ["b1", "b2"] }] });
    expect(tree).toMatchObject({ depth: 0, relationship_cluster: null, title: "Page hub", crawled: true, error: null });
    const a = tree.children[0]!;
    expect(a).toMatchObject({ depth: 1, relationship_cluster: "from hub", content: "Content of a" });
    expect(a.link_contexts).toHaveLength(4);
    expect(a.link_contexts[0]).toEqual({ url: url("a1"), anchor_text: "a1", surrounding_text: "see a1", relationship: "from a" });
    // Pages at maxDepth are fetched, not expanded.
    expect(a.children[0]).toMatchObject({ depth: 2, crawled: true, children: [] });
    expect(a.children[0]!.link_contexts).toHaveLength(1);
  });

  it("records failed pages and carries on", async () => {
    const progress: CrawlProgress[] = [];
    const tree = await crawlTree({
      rootUrl: url("hub"),
      maxDepth: 1,
      fanOut: 4,
      fetcher: siteFetcher(),
      onProgress: (p) => progress.push(p),
    });
    const bad = tree.children.find((c) => c.url === url("bad1"))!;
    expect(bad).toMatchObject({ crawled: false, error: `HTTP 500 for ${url("bad1")}`, content: null, children: [] });
    expect(tree.children.map((c) => c.crawled)).toEqual([true, true, false, true]);
    expect(progress).toHaveLength(5);
    expect(progress.at(-1)).toMatchObject({ done: 4, failed: 1, queued: 0 });
    expect(progress.filter((p) => p.error)).toEqual([expect.objectContaining({ url: url("bad1"), failed: 1 })]);
  });

  it("gives the same tree whatever order fetches finish in", async () => {
    const slow = await crawlTree({ rootUrl: url("hub"), maxDepth: 3, fanOut: 3, fetcher: siteFetcher(true), concurrency: 4 });
    const serial = await crawlTree({ rootUrl: url("hub"), maxDepth: 3, fanOut: 3, fetcher: siteFetcher(false), concurrency: 1 });
    expect(slow).toEqual(serial);
    expect(outline(serial)).toEqual({ hub: [{ a: [{ a1: ["deep"] }, "a2"] }, { b: ["b1", "b2"] }, "bad1"] });
  });

  it("never places a URL twice and respects follow and maxPages", async () => {
    const fetcher = siteFetcher(false);
    const tree = await crawlTree({ rootUrl: url("hub"), maxDepth: 5, fanOut: 10, fetcher });
    const urls: string[] = [];
    const walk = (n: DrArenaNode): void => {
      urls.push(n.url);
      for (const c of n.children) walk(c);
    };
    walk(tree);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toHaveLength(Object.keys(SITE).length);
    expect(fetcher.calls).toHaveLength(urls.length);

    const limited = await crawlTree({ rootUrl: url("hub"), maxDepth: 5, fanOut: 10, maxPages: 4, fetcher: siteFetcher(false) });
    expect(outline(limited)).toEqual({ hub: ["a", "b", "bad1"] });
    const noB = await crawlTree({
      rootUrl: url("hub"),
      maxDepth: 1,
      fanOut: 10,
      fetcher: siteFetcher(false),
      follow: (u) => !u.endsWith("/b"),
    });
    expect(outline(noB)).toEqual({ hub: ["a", "bad1", "c", "d"] });
  });

  it("stops when aborted and rejects with the reason", async () => {
    const ctrl = new AbortController();
    const fetcher = siteFetcher();
    const p = crawlTree({
      rootUrl: url("hub"),
      maxDepth: 3,
      fanOut: 3,
      concurrency: 1,
      fetcher,
      signal: ctrl.signal,
      onProgress: (pr) => pr.done === 2 && ctrl.abort(new Error("user cancelled")),
    });
    await expect(p).rejects.toThrow("user cancelled");
    expect(fetcher.calls).toHaveLength(2);
  });

  it("validates its limits", async () => {
    await expect(crawlTree({ rootUrl: "ftp://x/", maxDepth: 1, fanOut: 1, fetcher: siteFetcher() })).rejects.toThrow();
    await expect(crawlTree({ rootUrl: url("hub"), maxDepth: -1, fanOut: 1, fetcher: siteFetcher() })).rejects.toThrow();
    await expect(crawlTree({ rootUrl: url("hub"), maxDepth: 1, fanOut: 0, fetcher: siteFetcher() })).rejects.toThrow();
  });
});
