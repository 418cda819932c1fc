import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { ensureBuiltinAgents } from "@arena/agents";
import { createMatch, heuristicExaminerConfig, matchDeps, runMatch } from "@arena/match";
import { startWorkers } from "@arena/runtime";
import { enqueueMatchScoring } from "../packages/runtime/src/queues/scoring";
import type { WorkerContext } from "../packages/runtime/src/context";
import { createQueue, createRedis } from "@arena/jobs";
import { cachedPages, pageFetcherFor, scorableRounds, scoreRound } from "@arena/scoring";
import { controlledLeaderboard } from "@arena/scoring";
import { agentScoreMeans, roundScores } from "@arena/scoring/read";
import { startSandboxServer, type SandboxServer } from "@arena/trees";
import { freshDb, importSharedTree, waitFor } from "./helpers/arena";

process.env.ARENA_QUEUE_PREFIX = `scoring-${process.pid}`;

/**
 * Report scoring of a real match: the built-in agents on a DR-Arena tree under the heuristic
 * examiner, every round scored offline with cited pages read from the sandbox corpus. Scoring
 * twice leaves the same rows (ids and values); the workers' scoring queue reaches the same
 * numbers for a finished match it finds on its own.
 */
describe("report scoring of a real match", () => {
  let db: PrismaClient;
  let sandbox: SandboxServer;
  let matchId: string;

  beforeAll(async () => {
    db = await freshDb();
    const tree = await importSharedTree(db, "tree_0016.json");
    sandbox = await startSandboxServer(db, { port: 0 });
    const [extractive, researcher] = await ensureBuiltinAgents(db);
    const config = await heuristicExaminerConfig(db);
    const match = await createMatch(db, {
      treeId: tree.id,
      agentAId: extractive!.id,
      agentBId: researcher!.id,
      examinerConfigId: config.id,
      seed: "scoring-1",
    });
    matchId = match.id;
    await runMatch(db, match.id, await matchDeps(db, match.id, { sandboxUrl: sandbox.url, allow: [new URL(sandbox.url).host] }));
  });
  afterAll(async () => {
    await sandbox.close();
    await db.$disconnect();
  });

  const snapshot = async () =>
    (
      await db.reportScore.findMany({ where: { round: { matchId } }, orderBy: [{ roundId: "asc" }, { side: "asc" }, { metric: "asc" }] })
    ).map(({ id, roundId, side, metric, value, mode, details }) => ({ id, roundId, side, metric, value, mode, details }));

  it("scores every round idempotently: a second run rewrites the same rows", async () => {
    const rounds = await scorableRounds(db, matchId);
    expect(rounds.length).toBeGreaterThan(0);
    const deps = { mode: "offline" as const, pages: cachedPages(pageFetcherFor({ kind: "corpus", db })) };
    for (const id of rounds) await scoreRound(db, id, deps);
    const first = await snapshot();
    for (const id of rounds) await scoreRound(db, id, deps);
    expect(await snapshot()).toEqual(first);

    // per answer: citations, claims (4 numbers), information recall, coverage, InteScore; no RACE offline
    const metrics = new Set(first.map((r) => r.metric));
    for (const m of [
      "citation_effective",
      "claim_f1",
      "claim_precision",
      "claim_recall",
      "claim_strict_f1",
      "info_recall",
      "citation_coverage",
      "intescore",
    ])
      expect(metrics).toContain(m);
    expect(metrics.has("race_share")).toBe(false);
    expect(first.every((r) => r.mode === "offline")).toBe(true);
    for (const r of first.filter((x) => x.metric !== "citation_effective" && x.metric !== "intescore")) {
      expect(r.value).toBeGreaterThanOrEqual(0);
      expect(r.value).toBeLessThanOrEqual(1);
    }
    // The built-in agents cite sandbox-corpus pages: some citations are judged, none is unknown for lack of a page.
    const cites = first
      .filter((r) => r.metric === "citation_effective")
      .map((r) => r.details as { supported: number; unsupported: number; unknown: number; count: number });
    expect(cites.some((c) => c.supported + c.unsupported > 0)).toBe(true);

    const view = (await roundScores(db, { matchId }))!;
    expect(view.rounds.map((r) => r.scores.length).reduce((a, b) => a + b, 0)).toBe(first.length);
    const means = await agentScoreMeans(db, {});
    const f1 = means.agents.filter((a) => a.metric === "claim_f1");
    expect(f1).toHaveLength(2);
    for (const a of f1) {
      // One match: a bootstrap over matches cannot vary, so the interval is unbounded, not zero-width.
      expect(a.lower).toBeNull();
      expect(a.upper).toBeNull();
      expect(a.n).toBe(rounds.length);
      expect(a.matches).toBe(1);
    }
    // Every judged citation of the panel view is one the stored counts include.
    for (const r of view.rounds)
      for (const c of [r.citations.A, r.citations.B])
        if (c) expect(c.pairs.filter((p) => p.support === "supported").length).toBe(c.supported);
    const match = await db.match.findUniqueOrThrow({ where: { id: matchId } });
    const controlled = await controlledLeaderboard(db, { examinerConfigId: match.examinerConfigId, bootstrapRounds: 20 });
    expect(controlled.battles).toBe(1);
    expect(controlled.ratings.map((r) => r.agentId).sort()).toEqual([match.agentAId, match.agentBId].sort());
    expect(controlled.coefficients.map((c) => c.name)).toEqual(["length", "citations", "supported_share", "markdown_density"]);
  });

  it("the workers score a finished match's rounds from the scoring queue, with the same numbers", async () => {
    const expected = await snapshot();
    await db.reportScore.deleteMany({ where: { round: { matchId } } });
    const workers = await startWorkers(db, { sandboxUrl: sandbox.url, reconcileEveryMs: 0 });
    try {
      await waitFor(async () => (await snapshot()).length === expected.length, "the scoring queue to score every round");
    } finally {
      await workers.close();
    }
    const strip = (rows: typeof expected) => rows.map(({ id: _id, ...rest }) => rest);
    expect(strip(await snapshot())).toEqual(strip(expected));
  });

  it("a tournament with scoreReports off gets no scoring jobs for its matches", async () => {
    const redis = createRedis();
    const queue = createQueue("scoring", redis);
    try {
      const match = await db.match.findUniqueOrThrow({ where: { id: matchId } });
      const t = await db.tournament.create({
        data: {
          name: "no-scores",
          examinerConfigId: match.examinerConfigId,
          seed: "s",
          swissRounds: 1,
          treesPerPairing: 1,
          scoreReports: false,
        },
      });
      await db.match.update({ where: { id: matchId }, data: { tournamentId: t.id } });
      const ctx = { db } as WorkerContext;
      expect(await enqueueMatchScoring(ctx, queue, matchId)).toBe(0);
      await db.tournament.update({ where: { id: t.id }, data: { scoreReports: true } });
      expect(await enqueueMatchScoring(ctx, queue, matchId)).toBe((await scorableRounds(db, matchId)).length);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
      redis.disconnect();
    }
  });
});
