import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { AgentLimiter, createQueue, createRedis, enqueue, jobIdFor } from "@arena/jobs";
import { ensureMatchJobs } from "@arena/tournament";
import { startWorkers, type RunningWorkers } from "@arena/runtime";
import { ensurePgDoc, serveDirectory, type StaticSite } from "./fixtures/static-site";
import { freshDb, waitFor } from "./helpers/arena";

process.env.ARENA_QUEUE_PREFIX = `queues-${process.pid}`;

describe("agent limiter across workers", () => {
  const redis = createRedis();
  // The second worker process's own connection.
  const otherRedis = createRedis();
  afterAll(() => {
    redis.disconnect();
    otherRedis.disconnect();
  });

  it("never lets more than maxConcurrency calls of one agent run at once, whichever worker makes them", async () => {
    // Two limiter instances stand for two worker processes sharing Redis.
    const workers = [new AgentLimiter(redis), new AgentLimiter(otherRedis)];
    const limits = { agentId: `conc-${Date.now()}`, maxConcurrency: 2, ratePerMinute: null };
    // Each call holds its slot until the test releases it, one at a time, once every slot is taken.
    const held: Array<() => void> = [];
    let inFlight = 0;
    let peak = 0;
    const call = async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise<void>((release) => held.push(release));
      inFlight--;
    };
    const all = Promise.all(Array.from({ length: 10 }, (_, i) => workers[i % 2]!.run(limits, call)));
    for (let released = 0; released < 10; released++) {
      await waitFor(async () => held.length === Math.min(2, 10 - released), `${Math.min(2, 10 - released)} calls holding a slot`);
      held.shift()!();
    }
    await all;
    expect(peak).toBe(2);
  });

  it("holds calls beyond the rate until the next window", async () => {
    const limiter = new AgentLimiter(redis, { windowMs: 400 });
    const limits = { agentId: `rate-${Date.now()}`, maxConcurrency: 10, ratePerMinute: 2 };
    const windows: number[] = [];
    await Promise.all(Array.from({ length: 5 }, () => limiter.run(limits, async () => void windows.push(Math.floor(Date.now() / 400)))));
    const perWindow = new Map<number, number>();
    for (const w of windows) perWindow.set(w, (perWindow.get(w) ?? 0) + 1);
    expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(2);
    expect(perWindow.size).toBeGreaterThanOrEqual(3);
  });
});

describe("match jobs", () => {
  const redis = createRedis();
  const queue = createQueue("match", redis);
  afterAll(async () => {
    await queue.close();
    redis.disconnect();
  });

  it("leaves a live job alone and re-adds one whose queue entry was lost while its hash survived", async () => {
    const matchId = `partial-${Date.now()}`;
    const id = jobIdFor("match", { matchId });
    expect(await ensureMatchJobs(queue, [matchId])).toBe(1);
    expect(await queue.getJobState(id)).toBe("waiting");
    expect(await ensureMatchJobs(queue, [matchId])).toBe(0);
    // A partial loss of Redis state (eviction, a flush racing the workers): the job's hash
    // survives, its place in the wait list does not. Nothing would ever run it.
    await redis.lrem(queue.toKey("wait"), 0, id);
    expect(await queue.getJobState(id)).toBe("unknown");
    expect(await ensureMatchJobs(queue, [matchId])).toBe(1);
    expect(await queue.getJobState(id)).toBe("waiting");
  });
});

/** The `crawl` queue end to end: a CrawlJob row enqueued, a worker crawls it and stores the tree. */
describe("crawl queue", () => {
  let db: PrismaClient;
  let site: StaticSite;
  let workers: RunningWorkers;

  beforeAll(async () => {
    db = await freshDb();
    site = await serveDirectory(ensurePgDoc());
    process.env.ARENA_ALLOW_HOSTS = site.allow.join(",");
    workers = await startWorkers(db, { reconcileEveryMs: 0 });
  });
  afterAll(async () => {
    await workers.close();
    await site.close();
    delete process.env.ARENA_ALLOW_HOSTS;
    await db.$disconnect();
  });

  it("crawls an enqueued job into a stored tree with progress on the job row", async () => {
    const job = await db.crawlJob.create({ data: { rootUrl: `${site.url}/index.html`, maxDepth: 1, fanOut: 4 } });
    const redis = createRedis();
    const queue = createQueue("crawl", redis);
    await enqueue(queue, "crawl", { crawlJobId: job.id });
    const done = await waitFor(async () => {
      const row = await db.crawlJob.findUniqueOrThrow({ where: { id: job.id } });
      return row.status === "completed" || row.status === "failed" ? row : undefined;
    }, "the crawl job to finish");
    await queue.close();
    redis.disconnect();
    expect(done.status).toBe("completed");
    expect(done.pagesDone).toBe(5);
    const tree = await db.tree.findUniqueOrThrow({ where: { id: done.treeId! }, include: { _count: { select: { nodes: true } } } });
    expect(tree.source).toBe("crawled");
    expect(tree.title).toMatch(/PostgreSQL 15\.\d+ Documentation/);
    expect(tree._count.nodes).toBe(5);
  });
});

/** A match that fails on every attempt ends as `failed` (unrated) instead of being retried forever. */
describe("match queue: a match that can never run", () => {
  let db: PrismaClient;
  let workers: RunningWorkers;

  beforeAll(async () => {
    db = await freshDb();
    workers = await startWorkers(db, { reconcileEveryMs: 0 });
  });
  afterAll(async () => {
    await workers.close();
    await db.$disconnect();
  });

  it("is marked failed with its error once its job has used every attempt", async () => {
    const { importWorld } = await import("@arena/trees");
    const { createMatch, heuristicExaminerConfig } = await import("@arena/match");
    const treeId = (await importWorld(db, { seed: "never", hubs: 1, entities: 6 })).trees[0]!.id;
    // A planted skill of 5 is not a probability: building the agent's client throws, every time.
    const broken = await db.agent.create({ data: { name: "broken", protocol: "simulated", config: { p_depth: 5, p_width: 0.5 } } });
    const fine = await db.agent.create({ data: { name: "fine", protocol: "simulated", config: { p_depth: 0.5, p_width: 0.5 } } });
    const m = await createMatch(db, {
      treeId,
      agentAId: broken.id,
      agentBId: fine.id,
      examinerConfigId: (await heuristicExaminerConfig(db)).id,
      seed: "x",
    });
    await enqueue(workers.ctx.queues.match, "match", { matchId: m.id });
    const failed = await waitFor(async () => {
      const row = await db.match.findUniqueOrThrow({ where: { id: m.id } });
      return row.status === "failed" ? row : undefined;
    }, "the match to be marked failed");
    expect(failed.error).toMatch(/agent broken: invalid config at p_depth/);
    expect(await db.round.count({ where: { matchId: m.id } })).toBe(0);
  });
});
