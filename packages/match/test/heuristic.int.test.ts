import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transitionAction, verdictPoints, type ChecklistItem, type Verdict } from "@arena/core";
import type { PrismaClient } from "@arena/db";
import { ensureBuiltinAgents } from "@arena/agents";
import { createMatch, heuristicExaminerConfig, matchDeps, MatchNotRunnableError, runMatch, type RoundReport } from "@arena/match";
import { importWorld, startSandboxServer, type SandboxServer } from "@arena/trees";
import { freshDb, importSharedTree } from "../../../tests/helpers/arena";

/**
 * A heuristic match between the two built-in agents on a real DR-Arena tree, through the real
 * sandbox search, checked round by round in the database.
 */
const SOURCES = [
  ["DR-Arena tree", (db: PrismaClient) => importSharedTree(db, "tree_0016.json").then((t) => t.id)],
  ["synthetic world", (db: PrismaClient) => importWorld(db, { seed: "match-test", hubs: 1, entities: 10 }).then((w) => w.trees[0]!.id)],
] as const;

describe.each(SOURCES)("match runner: built-in agents, heuristic examiner, %s", (_, loadTree) => {
  let db: PrismaClient;
  let sandbox: SandboxServer;
  let treeId: string;

  beforeAll(async () => {
    db = await freshDb();
    treeId = await loadTree(db);
    sandbox = await startSandboxServer(db, { port: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
    await db.$disconnect();
  });

  it("stores every round with state, task, answers, verdict and transition, and ends by the rules", async () => {
    const [extractive, researcher] = await ensureBuiltinAgents(db);
    const config = await heuristicExaminerConfig(db);
    const match = await createMatch(db, {
      treeId,
      agentAId: extractive!.id,
      agentBId: researcher!.id,
      examinerConfigId: config.id,
      seed: "heuristic-1",
    });
    const deps = await matchDeps(db, match.id, { sandboxUrl: sandbox.url, allow: [new URL(sandbox.url).host] });
    const reports: RoundReport[] = [];
    const result = await runMatch(db, match.id, deps, (r) => reports.push(r));

    const rounds = await db.round.findMany({ where: { matchId: match.id }, orderBy: { number: "asc" } });
    const nodeUrls = new Set((await db.node.findMany({ where: { treeId }, select: { url: true } })).map((n) => n.url));
    expect(rounds.map((r) => r.number)).toEqual(rounds.map((_, i) => i + 1));
    expect(reports.map((r) => r.round)).toEqual(rounds.map((r) => r.number));

    let a = 0;
    let b = 0;
    rounds.forEach((r, i) => {
      expect(r.examinerMode).toBe("heuristic");
      expect(r.voided).toBe(false);
      expect(r.question).toBeTruthy();
      expect(r.wordLimitInstruction).toMatch(/^Answer length: \d+-\d+ words\.$/);
      expect((r.pathUrls as string[]).length).toBe(r.depth);
      const items = [...(r.checklistDepth as unknown as ChecklistItem[]), ...(r.checklistWidth as unknown as ChecklistItem[])];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(nodeUrls.has(item.sourceUrl)).toBe(true);
      expect(r.answerA).toContain("## References");
      expect(r.citationsA).toBeGreaterThan(0);
      expect(r.citationsB).toBeGreaterThan(0);
      const verdict = r.verdict as unknown as Verdict;
      expect(verdict.verdict).toBe(r.verdictToken);
      const pts = verdictPoints(verdict);
      a += pts.a;
      b += pts.b;
      expect([r.scoreA, r.scoreB]).toEqual([a, b]);
      const last = i === rounds.length - 1;
      expect(r.action).toBe(last ? null : transitionAction(verdict));
      expect(r.stuck && r.action === null).toBe(false);
      expect([reports[i]!.action, reports[i]!.stuck]).toEqual([r.action, r.stuck]);
    });
    const final = rounds[rounds.length - 1]!;
    const mercy = Math.abs(final.scoreA - final.scoreB) >= 2;
    expect(mercy || rounds.length === 10).toBe(true);
    expect(reports[reports.length - 1]!.stop).toBe(mercy ? "mercy_rule" : "max_rounds");

    const stored = await db.match.findUniqueOrThrow({ where: { id: match.id } });
    expect(stored.status).toBe("completed");
    expect([stored.scoreA, stored.scoreB, stored.rounds]).toEqual([a, b, rounds.length]);
    expect(stored.winner).toBe(a > b ? "A" : b > a ? "B" : "tie");
    expect(result).toEqual({ match: match.id, winner: stored.winner, score_a: a, score_b: b, rounds: rounds.length, voided: 0 });
  });

  it("is deterministic for a seed", async () => {
    const [x, y] = await ensureBuiltinAgents(db);
    const config = await heuristicExaminerConfig(db);
    const play = async () => {
      const m = await createMatch(db, { treeId, agentAId: x!.id, agentBId: y!.id, examinerConfigId: config.id, seed: "same" });
      await runMatch(db, m.id, await matchDeps(db, m.id, { sandboxUrl: sandbox.url, allow: [new URL(sandbox.url).host] }));
      return (await db.round.findMany({ where: { matchId: m.id }, orderBy: { number: "asc" } })).map((r) => [
        r.question,
        r.verdictToken,
        r.action,
      ]);
    };
    expect(await play()).toEqual(await play());
  });
});

describe("match runner: finished matches stay finished", () => {
  it("a late duplicate run of a completed match returns its result and changes nothing; a cancelled match is not run", async () => {
    const db = await freshDb();
    const treeId = (await importSharedTree(db, "tree_0025.json")).id;
    const sim = (name: string, p: number) =>
      db.agent.create({ data: { name, protocol: "simulated", config: { p_depth: p, p_width: p }, status: "healthy" } });
    const [a, b] = [await sim("dup-a", 0.9), await sim("dup-b", 0.2)];
    const examinerConfigId = (await heuristicExaminerConfig(db)).id;
    const m = await createMatch(db, { treeId, agentAId: a.id, agentBId: b.id, examinerConfigId, seed: "dup" });
    const first = await runMatch(db, m.id, await matchDeps(db, m.id));
    const before = await db.match.findUniqueOrThrow({ where: { id: m.id } });
    expect(await runMatch(db, m.id, await matchDeps(db, m.id))).toEqual(first);
    expect(await db.match.findUniqueOrThrow({ where: { id: m.id } })).toEqual(before);

    const c = await createMatch(db, { treeId, agentAId: a.id, agentBId: b.id, examinerConfigId, seed: "cancelled" });
    await db.match.update({ where: { id: c.id }, data: { status: "cancelled" } });
    await expect(runMatch(db, c.id, await matchDeps(db, c.id))).rejects.toThrow(MatchNotRunnableError);
    expect(await db.round.count({ where: { matchId: c.id } })).toBe(0);
    await db.$disconnect();
  });
});
