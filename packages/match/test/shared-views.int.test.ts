import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasContent } from "@arena/core";
import type { PrismaClient } from "@arena/db";
import { createMatch, heuristicExaminerConfig, matchDeps, runMatch, type Expansion } from "@arena/match";
import { corpusPageFetcher, TreeViews } from "@arena/trees";
import { freshDb, importSharedTree } from "../../../tests/helpers/arena";

/**
 * Workers share tree views between their matches and read the sandbox corpus directly. A view
 * read before another worker expanded the tree must count the children stored meanwhile instead
 * of growing the tree a second time.
 */
describe("match runner with shared tree views", () => {
  let db: PrismaClient;
  let treeId: string;
  let agents: string[];

  beforeAll(async () => {
    db = await freshDb();
    treeId = (await importSharedTree(db, "tree_0016.json")).id;
    agents = [];
    for (const [name, p] of [
      ["close-a", 0.6],
      ["close-b", 0.5],
    ] as const) {
      const agent = await db.agent.create({ data: { name, protocol: "simulated", config: { p_depth: p, p_width: p }, status: "healthy" } });
      agents.push(agent.id);
    }
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  async function play(seed: string, trees: TreeViews): Promise<Expansion[][]> {
    const config = await heuristicExaminerConfig(db);
    const match = await createMatch(db, { treeId, agentAId: agents[0]!, agentBId: agents[1]!, examinerConfigId: config.id, seed });
    await runMatch(db, match.id, await matchDeps(db, match.id, { fetcher: corpusPageFetcher(db), trees }));
    const rounds = await db.round.findMany({ where: { matchId: match.id }, orderBy: { number: "asc" }, select: { expansions: true } });
    return rounds.map((r) => r.expansions as unknown as Expansion[]);
  }

  it("counts children another match stored since the view was read, and does not fetch them again", async () => {
    // Read before the first match runs: stale once that match expands the tree.
    const stale = new TreeViews(db);
    const view = await stale.get(treeId);

    // The first seed whose match grows the tree (a match that does not expand stores no nodes,
    // so the stale view stays as it was read).
    let seed = "";
    let first: Expansion | undefined;
    for (let i = 1; i <= 40 && !first?.added; i++) {
      seed = `s${i}`;
      first = (await play(seed, new TreeViews(db))).flat()[0];
    }
    expect(first?.added, "some match's first expansion adds children").toBeGreaterThan(0);
    expect(first!.found).toBe(0);
    const seen = new Set(view.node(first!.nodeId)!.childIds);
    const stored = await db.node.findMany({ where: { parentId: first!.nodeId }, select: { id: true, content: true } });
    const storedSince = stored.filter((n) => !seen.has(n.id));
    expect(storedSince.length).toBeGreaterThanOrEqual(first!.added);

    // Same seed and agents: the second match plays the same rounds up to the same expansion, on
    // the stale view, and finds every child with content the first match stored there.
    const second = (await play(seed, stale)).flat()[0]!;
    expect(second).toMatchObject({ kind: first!.kind, nodeId: first!.nodeId, found: storedSince.filter(hasContent).length });
    expect(second.found).toBeGreaterThanOrEqual(second.requested);
    expect(second).toMatchObject({ added: 0, failed: 0, reason: null });
    // The shared view has taken the stored children in.
    expect(view.node(first!.nodeId)!.childIds).toEqual(expect.arrayContaining(storedSince.map((n) => n.id)));
  });

  it("hands every match of a worker the same view of a tree, and drops the least recently used beyond its size", async () => {
    const other = (await importSharedTree(db, "tree_0025.json")).id;
    const trees = new TreeViews(db, 1);
    const a = await trees.get(treeId);
    expect(await trees.get(treeId)).toBe(a);
    const b = await trees.get(other);
    expect(b.treeId).toBe(other);
    // Only one view is kept: the first tree is read again, into a new view.
    expect(await trees.get(treeId)).not.toBe(a);
    await expect(trees.get("no-such-tree")).rejects.toThrow("tree not found");
  });
});
