import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { ensureBuiltinAgents } from "@arena/agents";
import { createMatch, heuristicExaminerConfig } from "@arena/match";
import { startWorkers, type RunningWorkers } from "@arena/runtime";
import { createQueue, createRedis, enqueue } from "@arena/jobs";
import { scorableRounds } from "@arena/scoring";
import { startSandboxServer, type SandboxServer } from "@arena/trees";
import { enqueueMatchScoring, scoringQueue } from "../packages/runtime/src/queues/scoring";
import { freshDb, importSharedTree, waitFor } from "./helpers/arena";
import { flushRedis } from "./tournament-fixtures";

process.env.ARENA_QUEUE_PREFIX = `${process.env.ARENA_QUEUE_PREFIX ?? "arena"}-scoring-enqueue-${process.pid}`;

/**
 * The match worker enqueues a finished match's rounds for scoring itself (no event needed): the
 * workers start before the match exists, so their startup sweep finds nothing and only the
 * match worker's call can have produced the scores. Enqueueing again adds no job.
 */
describe("the match worker enqueues report scoring", () => {
  let db: PrismaClient;
  let sandbox: SandboxServer;
  let workers: RunningWorkers;
  const redis = createRedis();
  const matchQueue = createQueue("match", redis);

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    sandbox = await startSandboxServer(db, { port: 0 });
    workers = await startWorkers(db, { sandboxUrl: sandbox.url, reconcileEveryMs: 0 });
  });
  afterAll(async () => {
    await workers?.close();
    await matchQueue.close();
    redis.disconnect();
    await sandbox?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  it("scores every round of a match the worker finished, one job per round, idempotently", async () => {
    const tree = await importSharedTree(db, "tree_0016.json");
    const [extractive, researcher] = await ensureBuiltinAgents(db);
    const config = await heuristicExaminerConfig(db);
    const match = await createMatch(db, {
      treeId: tree.id,
      agentAId: extractive!.id,
      agentBId: researcher!.id,
      examinerConfigId: config.id,
      seed: "enqueue-1",
    });
    await enqueue(matchQueue, "match", { matchId: match.id });

    await waitFor(
      async () => (await db.match.findUniqueOrThrow({ where: { id: match.id } })).status === "completed",
      "the match to finish",
    );
    const rounds = await scorableRounds(db, match.id);
    expect(rounds.length).toBeGreaterThan(0);
    await waitFor(
      async () =>
        (await db.reportScore.groupBy({ by: ["roundId"], where: { round: { matchId: match.id }, metric: "citation_effective" } }))
          .length === rounds.length,
      "every round to be scored",
    );

    const queue = scoringQueue(workers.ctx);
    const jobs = await Promise.all(rounds.map((id) => queue.getJob(`scoring-${id}`)));
    expect(jobs.every((j) => j !== undefined)).toBe(true);
    const counts = async () => Object.values(await queue.getJobCounts()).reduce((a, b) => a + b, 0);
    const before = await counts();
    expect(before).toBe(rounds.length);
    expect(await enqueueMatchScoring(workers.ctx, queue, match.id)).toBe(rounds.length);
    expect(await counts()).toBe(before);
    // Per answer one citation row per round and side: never a second row for a repeated job.
    const rows = await db.reportScore.count({ where: { round: { matchId: match.id }, metric: "citation_effective" } });
    expect(rows).toBe(2 * rounds.length);
  });
});
