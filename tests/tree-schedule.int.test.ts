process.env.ARENA_QUEUE_PREFIX = `tree-sched-${process.pid}`;
// The local SearXNG stand-in and the sandbox search are reached through the search providers' own allow-list.
process.env.ARENA_SEARCH_ALLOW_HOSTS = "127.0.0.1";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueue, createRedis, TREE_SCHEDULER_ID } from "@arena/jobs";
import { heuristicExaminerConfig } from "@arena/match";
import { addSource, applySchedule, importWorld, readSchedule, runScheduleNow, startSandboxServer, type SandboxServer } from "@arena/trees";
import {
  cancelTournament,
  createTournament,
  ensureSimulatedAgents,
  pauseTournament,
  resumeAndTick,
  startTournament,
} from "@arena/tournament";

import { tournamentHarness } from "./tournament-fixtures";
import { waitFor } from "./helpers/arena";
import { arenaCommand } from "./helpers/web";

/**
 * Fresh trees on a schedule, offline: a local site serves hub pages, an RSS feed, an Atom feed, a
 * sitemap index and a SearXNG-style JSON search; the arena's sandbox search is the second provider.
 * One run of the schedule retires an old crawled tree and queues one crawl per new candidate, in
 * source order; the workers crawl them through the guarded client, and the fresh trees join a
 * continuous tournament. A second run takes only candidates not crawled before.
 */
const { db, queues, runWorkers } = tournamentHarness();
let site: Server;
let base = "";
let sandbox: SandboxServer;

const page = (title: string, links: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>` +
  `<p>${title} is a page of the local test site with enough words to count as content for a tree.</p>` +
  `<ul>${links.map((l) => `<li><a href="${l}">${l.split("/").pop()} details and history of the subject</a></li>`).join("")}</ul></main></body></html>`;

function handle(path: string): { type: string; body: string } | null {
  const hub = /^\/hub\/([a-z])\.html$/.exec(path);
  if (hub)
    return {
      type: "text/html",
      body: page(
        `Hub ${hub[1]}`,
        [1, 2, 3].map((k) => `/page/${hub[1]}${k}.html`),
      ),
    };
  const leaf = /^\/page\/([a-z]\d)\.html$/.exec(path);
  if (leaf) return { type: "text/html", body: page(`Page ${leaf[1]}`, []) };
  const xml = (body: string) => ({ type: "application/xml", body });
  switch (path) {
    case "/feed.xml":
      return xml(
        `<?xml version="1.0"?><rss version="2.0"><channel><title>f</title><item><link>${base}/hub/a.html</link></item><item><link>${base}/hub/b.html</link></item></channel></rss>`,
      );
    case "/atom.xml":
      return xml(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="${base}/hub/c.html"/></entry></feed>`);
    case "/sitemap.xml":
      return xml(
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${base}/sitemap-1.xml</loc></sitemap></sitemapindex>`,
      );
    case "/sitemap-1.xml":
      return xml(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${base}/hub/d.html</loc></url></urlset>`,
      );
    case "/long.xml":
      return xml(
        `<rss><channel><item><link>${base}/hub/${"x".repeat(2_100)}.html</link></item><item><link>${base}/hub/g.html</link></item></channel></rss>`,
      );
    case "/searx/search":
      return {
        type: "application/json",
        body: JSON.stringify({
          query: "q",
          results: [
            { url: `${base}/hub/e.html`, title: "e" },
            { url: `${base}/hub/f.html`, title: "f" },
          ],
        }),
      };
    default:
      return null;
  }
}

beforeAll(async () => {
  site = createServer((req, res) => {
    const found = handle(new URL(req.url ?? "/", "http://x").pathname);
    res.writeHead(found ? 200 : 404, { "content-type": found?.type ?? "text/plain" });
    res.end(found?.body ?? "not found");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sandbox?.close();
  await new Promise((resolve) => site.close(resolve));
});

describe("tree schedule", () => {
  it("retires old trees, crawls new ones from every kind of source through the workers, and feeds a continuous tournament", async () => {
    const world = await importWorld(db, { seed: "sched", hubs: 1, entities: 6 });
    sandbox = await startSandboxServer(db, { port: 0 });
    for (const pattern of [new URL(base).host, new URL(sandbox.url).host]) await db.allowedHost.create({ data: { pattern } });

    await addSource(db, { kind: "feed", value: `${base}/feed.xml` });
    await addSource(db, { kind: "feed", value: `${base}/atom.xml` });
    await addSource(db, { kind: "sitemap", value: `${base}/sitemap.xml` });
    await addSource(db, { kind: "search", value: "local hubs", provider: "searxng", endpoint: `${base}/searx` });
    const topic = (await db.node.findFirstOrThrow({ where: { treeId: world.trees[0]!.id, depth: 0 } })).title!.split(/\s+/)[0]!;
    await addSource(db, { kind: "search", value: topic, provider: "sandbox", endpoint: sandbox.url });
    await expect(addSource(db, { kind: "feed", value: "file:///etc/passwd" })).rejects.toThrow(/http\(s\) URL/);

    // the repeatable job follows the schedule
    const schedule = await applySchedule(db, { enabled: true, everyHours: 6, treesPerRun: 7, maxAgeDays: 30, maxDepth: 1, fanOut: 3 });
    expect(schedule).toMatchObject({ enabled: true, everyHours: 6, treesPerRun: 7 });
    const redis = createRedis();
    const queue = createQueue("schedule", redis);
    try {
      expect(await queue.getJobScheduler(TREE_SCHEDULER_ID)).toMatchObject({ every: 6 * 3_600_000 });
      await applySchedule(db, { enabled: false });
      expect(await queue.getJobScheduler(TREE_SCHEDULER_ID)).toBeFalsy();
    } finally {
      await queue.close();
      redis.disconnect();
    }

    const old = await db.tree.create({
      data: { rootUrl: "https://old.example/", source: "crawled", createdAt: new Date(Date.now() - 60 * 86_400_000) },
    });
    const agents = (
      await ensureSimulatedAgents(db, "sched", [
        { index: 0, p_depth: 0.8, p_width: 0.8 },
        { index: 1, p_depth: 0.4, p_width: 0.4 },
      ])
    ).map((a) => a.agentId);
    const config = await heuristicExaminerConfig(db);
    const t = await createTournament(db, {
      name: "fresh",
      agentIds: agents,
      treeIds: [world.trees[0]!.id],
      examinerConfigId: config.id,
      seed: "fresh",
      mode: "continuous",
      treesPerPairing: 1,
    });
    await startTournament(db, t.id);
    await pauseTournament(db, t.id); // no matches needed here, only its trees

    const run = await runScheduleNow(db);
    expect(run.failures).toEqual([]);
    expect(run.retired).toBe(1);
    expect((await db.tree.findUniqueOrThrow({ where: { id: old.id } })).retiredAt).not.toBeNull();
    // source order: RSS, Atom, the sitemap index's sitemap, SearXNG's two results, then the sandbox search
    expect(run.rootUrls.slice(0, 6)).toEqual(["a", "b", "c", "d", "e", "f"].map((h) => `${base}/hub/${h}.html`));
    expect(run.rootUrls).toHaveLength(7);
    expect(run.rootUrls[6]).toContain(`${sandbox.url}/sandbox/page?url=`);

    await runWorkers({ matchConcurrency: 1, reconcileEveryMs: 0 });
    await waitFor(
      async () => (await db.crawlJob.count({ where: { id: { in: run.crawlJobIds }, status: { in: ["completed", "failed"] } } })) === 7,
      "the seven crawls",
    );
    const jobs = await db.crawlJob.findMany({
      where: { id: { in: run.crawlJobIds } },
      include: { tree: { include: { _count: { select: { nodes: true } } } } },
    });
    for (const j of jobs) {
      expect(j.status).toBe("completed");
      expect(j.tree!._count.nodes).toBeGreaterThan(1);
    }
    // every fresh tree joined the continuous tournament, after its original tree
    await waitFor(
      async () => (await db.tournamentTree.count({ where: { tournamentId: t.id } })) === 8,
      "the fresh trees in the tournament",
    );
    expect(
      (await db.tournamentTree.findMany({ where: { tournamentId: t.id }, orderBy: { ordinal: "asc" } })).map((x) => x.ordinal),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

    // resumed, the tournament plays on its own on the freshest tree
    await resumeAndTick(db, queues, t.id);
    const first = await waitFor(
      async () => (await db.match.findFirst({ where: { tournamentId: t.id } })) ?? undefined,
      "the tournament's first match",
    );
    const newest = await db.tree.findFirstOrThrow({
      where: { tournaments: { some: { tournamentId: t.id } } },
      orderBy: { createdAt: "desc" },
    });
    expect(first.treeId).toBe(newest.id);
    expect(jobs.map((j) => j.treeId)).toContain(first.treeId);
    await cancelTournament(db, t.id);

    // a second run takes only what was not crawled before
    const again = await runScheduleNow(db);
    expect(again.rootUrls.filter((u) => run.rootUrls.includes(u))).toEqual([]);
    expect(again.rootUrls.every((u) => u.startsWith(`${sandbox.url}/sandbox/page?url=`))).toBe(true);
  });

  it("skips and counts a candidate URL a crawl would refuse, notes a failing source, and stores every source's outcome", async () => {
    await db.allowedHost.create({ data: { pattern: new URL(base).host } });
    const long = await addSource(db, { kind: "feed", value: `${base}/long.xml` });
    const missing = await addSource(db, { kind: "sitemap", value: `${base}/missing.xml` });
    await applySchedule(db, { treesPerRun: 3 });
    // Twice: a bad candidate must not fail this run or any later one.
    for (const expected of [[`${base}/hub/g.html`], []]) {
      const run = await runScheduleNow(db);
      expect(run.rootUrls).toEqual(expected);
      expect(run.failures).toEqual([{ sourceId: missing.id, error: expect.stringMatching(/404/) }]);
      const stored = await readSchedule(db);
      expect(stored.lastRunAt).not.toBeNull();
      expect(stored.lastRunNote).toMatch(/1 invalid candidates skipped, 1 sources failed/);
      expect(stored.lastRunSources).toEqual([
        { sourceId: long.id, kind: "feed", value: `${base}/long.xml`, found: 2, taken: expected.length, invalid: 1, error: null },
        {
          sourceId: missing.id,
          kind: "sitemap",
          value: `${base}/missing.xml`,
          found: 0,
          taken: 0,
          invalid: 0,
          error: expect.stringMatching(/404/),
        },
      ]);
    }
    // `arena schedule show` prints each source's part in the last run
    const show = await arenaCommand(["schedule", "show"]);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain(
      `\n  feed ${base}/long.xml: 2 found, 0 taken, 1 invalid skipped\n  sitemap ${base}/missing.xml: failed: `,
    );
  });
});
