import type { DrArenaNode } from "@arena/core";
import { createPrisma, type PrismaClient } from "@arena/db";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { crawlTree, runCrawlJob, webPageFetcher } from "../src/crawl";
import { exportTree } from "../src/store";
import { truncateAll } from "@arena/db/testing";
import { ensurePgDoc, serveDirectory, type StaticSite } from "../../../tests/fixtures/static-site";

/**
 * Real-site crawl: Debian's PostgreSQL 15 HTML manual (a site nobody here wrote) served on
 * loopback, allow-listed for the address guard, politeness off.
 */

let site: StaticSite;
let db: PrismaClient;
let tree: DrArenaNode;

const sameSite = (u: string) => u.startsWith(site.url);
const find = (n: DrArenaNode, file: string): DrArenaNode | undefined =>
  n.url === site.url + file ? n : n.children.map((c) => find(c, file)).find(Boolean);
const files = (nodes: DrArenaNode[]) => nodes.map((n) => n.url.slice(site.url.length));

beforeAll(async () => {
  site = await serveDirectory(ensurePgDoc());
  db = createPrisma();
  const fetcher = webPageFetcher({ allow: site.allow, perHostDelayMs: 0 });
  tree = await crawlTree({ rootUrl: `${site.url}index.html`, maxDepth: 2, fanOut: 8, fetcher, follow: sameSite });
});
afterAll(async () => {
  await site?.close();
  await db?.$disconnect();
});

describe("crawling the PostgreSQL manual", () => {
  it("builds hub → preface/parts/chapters → sections", () => {
    expect(tree).toMatchObject({ depth: 0, crawled: true, domain: "127.0.0.1", relationship_cluster: null });
    expect(tree.title).toMatch(/^PostgreSQL 15\.\d+ Documentation$/);
    expect(files(tree.children)).toEqual([
      "preface.html",
      "intro-whatis.html",
      "history.html",
      "notation.html",
      "resources.html",
      "bug-reporting.html",
      "tutorial.html",
      "tutorial-start.html",
    ]);
    const part = find(tree, "tutorial.html")!;
    expect(part.title).toBe("Part I. Tutorial");
    // The part's own table of contents, minus pages already in the tree.
    expect(files(part.children)).toEqual(
      expect.arrayContaining(["tutorial-install.html", "tutorial-arch.html", "tutorial-createdb.html", "tutorial-sql.html"]),
    );
    expect(part.children.every((c) => c.depth === 2 && c.crawled && c.children.length === 0)).toBe(true);
    const urls: string[] = [];
    const walk = (n: DrArenaNode): void => {
      urls.push(n.url);
      for (const c of n.children) walk(c);
    };
    walk(tree);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.length).toBeGreaterThanOrEqual(25);
    expect(urls.every(sameSite)).toBe(true);
  });

  it("records link contexts with anchor text, surrounding text and relationship", () => {
    const toPreface = tree.link_contexts.find((l) => l.url === `${site.url}preface.html`);
    expect(toPreface).toMatchObject({ anchor_text: "Preface", relationship: "table of contents" });
    expect(toPreface!.surrounding_text).toContain("Table of Contents Preface 1. What Is PostgreSQL?");
    expect(tree.link_contexts.find((l) => l.url === `${site.url}history.html`)).toMatchObject({
      anchor_text: "2. A Brief History of PostgreSQL",
      relationship: "preface",
    });
    expect(find(tree, "history.html")!.relationship_cluster).toBe("preface");
    // Navigation (Prev/Up/Home/Next) and the legal notice are not link contexts.
    expect(tree.link_contexts.some((l) => l.url.endsWith("legalnotice.html"))).toBe(false);
    const history = find(tree, "history.html")!;
    expect(history.link_contexts.map((l) => l.anchor_text)).not.toContain("Prev");
    const ston86 = history.link_contexts.find((l) => l.anchor_text === "[ston86]");
    expect(ston86).toMatchObject({ url: `${site.url}biblio.html`, relationship: "the berkeley postgres project" });
    expect(ston86!.surrounding_text).toContain("The initial concepts for the system were presented in [ston86]");
  });

  it("extracts the text of known pages", () => {
    expect(find(tree, "intro-whatis.html")!.content).toContain(
      "PostgreSQL is an object-relational database management system (ORDBMS) based on POSTGRES, Version 4.2, developed at the University of California at Berkeley Computer Science Department.",
    );
    const history = find(tree, "history.html")!.content!;
    expect(history).toContain("The POSTGRES project, led by Professor Michael Stonebraker");
    expect(history).toContain("The implementation of POSTGRES began in 1986.");
    expect(history).not.toContain("Prev Up");
    expect(find(tree, "tutorial.html")!.content).toContain("Welcome to the PostgreSQL Tutorial.");
  });
});

describe("politeness and the guard on the real site", () => {
  it("asks robots.txt once per origin and obeys it", async () => {
    const guarded = await serveDirectory(ensurePgDoc(), {
      overrides: { "/robots.txt": "User-agent: DRArenaBot\nDisallow: /history.html\n" },
    });
    try {
      const t = await crawlTree({
        rootUrl: `${guarded.url}index.html`,
        maxDepth: 1,
        fanOut: 4,
        fetcher: webPageFetcher({ allow: guarded.allow, perHostDelayMs: 0 }),
      });
      expect(t.children[2]).toMatchObject({ url: `${guarded.url}history.html`, crawled: false, error: "blocked by robots.txt" });
      expect(guarded.requests.filter((p) => p === "/robots.txt")).toHaveLength(1);
      expect(guarded.requests).not.toContain("/history.html");
    } finally {
      await guarded.close();
    }
  });

  it("refuses the loopback site when it is not allow-listed", async () => {
    const t = await crawlTree({ rootUrl: `${site.url}index.html`, maxDepth: 1, fanOut: 4, fetcher: webPageFetcher({ perHostDelayMs: 0 }) });
    expect(t).toMatchObject({ crawled: false, children: [] });
    expect(t.error).toMatch(/^refused: 127\.0\.0\.1 resolves to 127\.0\.0\.1 \(loopback/);
  });

  it("records non-HTML pages as errors", async () => {
    const fetch = webPageFetcher({ allow: site.allow, perHostDelayMs: 0 });
    await expect(fetch(`${site.url}stylesheet.css`)).rejects.toThrow("not HTML (content type text/css)");
    await expect(fetch(`${site.url}no-such-page.html`)).rejects.toMatchObject({ kind: "http_status", status: 404 });
    await expect(fetch(`${site.url}bad%E0%A4%A.html`)).rejects.toMatchObject({ kind: "http_status", status: 400 });
  });
});

describe("runCrawlJob", () => {
  beforeEach(() => truncateAll(db));

  it("crawls, counts, and stores the same tree crawlTree builds", async () => {
    const job = await db.crawlJob.create({ data: { rootUrl: `${site.url}index.html`, maxDepth: 2, fanOut: 8 } });
    await db.allowedHost.create({ data: { pattern: site.allow[0]!, note: "pgdoc test site" } });
    const result = await runCrawlJob(db, job.id, { web: { perHostDelayMs: 0 }, follow: sameSite });
    expect(result.status).toBe("completed");
    const row = await db.crawlJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: "completed", treeId: result.tree!.id, pagesFailed: 0 });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(row.pagesDone).toBe(result.tree!.nodes);
    expect(result.tree).toMatchObject({ rootUrl: `${site.url}index.html`, maxDepth: 2, title: tree.title });
    expect(await db.tree.findUniqueOrThrow({ where: { id: result.tree!.id } })).toMatchObject({ source: "crawled" });
    expect(await exportTree(db, result.tree!.id)).toEqual(tree);
  });

  it("stops between pages when cancelRequested is set and stores nothing", async () => {
    const job = await db.crawlJob.create({ data: { rootUrl: `${site.url}index.html`, maxDepth: 3, fanOut: 8 } });
    let flagged: Promise<unknown> | undefined;
    const result = await runCrawlJob(db, job.id, {
      fetcher: webPageFetcher({ allow: site.allow, perHostDelayMs: 0 }),
      concurrency: 1,
      onProgress: (p) => {
        // As an operator would, from outside the crawl (Prisma queries run once awaited/then'd).
        if (p.done === 3) flagged = db.crawlJob.update({ where: { id: job.id }, data: { cancelRequested: true } }).then();
      },
    });
    await flagged;
    expect(result.status).toBe("cancelled");
    const row = await db.crawlJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: "cancelled", treeId: null, error: null });
    expect(row.pagesDone).toBeGreaterThanOrEqual(3);
    expect(row.pagesDone).toBeLessThan(20);
    expect(await db.tree.count()).toBe(0);
  });

  it("claims a job once: a finished or cancelled job is returned as stored, with no second tree", async () => {
    const fetcher = webPageFetcher({ allow: site.allow, perHostDelayMs: 0 });
    const job = await db.crawlJob.create({ data: { rootUrl: `${site.url}index.html`, maxDepth: 0, fanOut: 1 } });
    const first = await runCrawlJob(db, job.id, { fetcher });
    expect(first).toMatchObject({ status: "completed", pagesDone: 1 });
    const again = await runCrawlJob(db, job.id, { fetcher });
    expect(again).toEqual({ status: "completed", pagesDone: 1, pagesFailed: 0, tree: null, error: null });
    expect(await db.tree.count()).toBe(1);
    expect((await db.crawlJob.findUniqueOrThrow({ where: { id: job.id } })).treeId).toBe(first.tree!.id);

    const cancelled = await db.crawlJob.create({ data: { rootUrl: `${site.url}index.html`, maxDepth: 0, fanOut: 1, status: "cancelled" } });
    expect(await runCrawlJob(db, cancelled.id, { fetcher })).toMatchObject({ status: "cancelled", pagesDone: 0, tree: null });
    expect(await db.tree.count()).toBe(1);
  });

  it("survives failing progress writes and still records the final status and counts", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    // A database that refuses every progress write (the counter update selects cancelRequested).
    const flaky = db.$extends({
      query: {
        crawlJob: {
          update: ({ args, query }) => (args.select?.cancelRequested ? Promise.reject(new Error("connection lost")) : query(args)),
        },
      },
    }) as unknown as PrismaClient;
    try {
      const job = await db.crawlJob.create({ data: { rootUrl: `${site.url}index.html`, maxDepth: 1, fanOut: 3 } });
      const result = await runCrawlJob(flaky, job.id, { fetcher: webPageFetcher({ allow: site.allow, perHostDelayMs: 0 }) });
      await new Promise((ok) => setImmediate(ok));
      expect(unhandled).toEqual([]);
      expect(result).toMatchObject({ status: "completed", pagesDone: 4, pagesFailed: 0 });
      expect(await db.crawlJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "completed", pagesDone: 4 });
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("fails a job whose root is refused and stores no tree", async () => {
    const job = await db.crawlJob.create({ data: { rootUrl: "http://10.255.0.1/", maxDepth: 1, fanOut: 2 } });
    const result = await runCrawlJob(db, job.id, { web: { perHostDelayMs: 0 } });
    expect(result).toMatchObject({ status: "failed", pagesDone: 0, pagesFailed: 1, tree: null });
    const row = await db.crawlJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: "failed", treeId: null, pagesFailed: 1 });
    expect(row.error).toMatch(/^refused: 10\.255\.0\.1 resolves to 10\.255\.0\.1 \(private range/);
    expect(await db.tree.count()).toBe(0);
  });
});
