import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { createMatch, heuristicExaminerConfig, matchDeps, runMatch } from "@arena/match";
import { freshDb, importSharedTree } from "../../../tests/helpers/arena";
import { HOSTILE_ANSWERS, startHostileAgent, type HostileAgent } from "../../../tests/servers/hostile-agent-server";

/**
 * Hostile agents (docs/security.md): each hostile answer (see the server) is classified or cleaned, and the match
 * completes with a winner while a well-behaved match runs beside it.
 */
describe("match runner: hostile answers", () => {
  let db: PrismaClient;
  let hostile: HostileAgent;
  let treeId: string;
  let examinerConfigId: string;

  beforeAll(async () => {
    db = await freshDb();
    hostile = await startHostileAgent();
    treeId = (await importSharedTree(db, "tree_0025.json")).id;
    examinerConfigId = (await heuristicExaminerConfig(db)).id;
  });
  afterAll(async () => {
    await hostile.close();
    await db.$disconnect();
  });

  async function play(path: string, seed: string) {
    const a = await db.agent.create({
      data: {
        name: `hostile${path}-${seed}`,
        protocol: "arena_http",
        endpoint: hostile.url(path),
        config: { timeoutMs: 5_000 },
        status: "healthy",
      },
    });
    const b = await db.agent.create({
      data: { name: `flawless-${seed}`, protocol: "simulated", config: { p_depth: 1, p_width: 1 }, status: "healthy" },
    });
    const m = await createMatch(db, { treeId, agentAId: a.id, agentBId: b.id, examinerConfigId, seed });
    const result = await runMatch(db, m.id, await matchDeps(db, m.id, { allow: [hostile.hostPort] }));
    const rounds = await db.round.findMany({ where: { matchId: m.id }, orderBy: { number: "asc" } });
    return { result, rounds, match: await db.match.findUniqueOrThrow({ where: { id: m.id } }) };
  }

  it("each hostile answer is classified or cleaned, and every match completes with a winner beside a well-behaved one", async () => {
    const [freeze, overflow, unstorable, calm] = await Promise.all([
      play("/freeze", "h1"),
      play("/overflow", "h2"),
      play("/unstorable", "h3"),
      play("/calm", "h4"),
    ]);
    for (const { match, rounds } of [freeze, overflow, unstorable, calm]) {
      expect(match.status).toBe("completed");
      expect(match.winner).not.toBeNull();
      expect(rounds.length).toBeGreaterThan(0);
    }
    for (const r of freeze.rounds) expect({ error: r.errorA, answer: r.answerA }).toEqual({ error: "oversized", answer: "" });
    expect(freeze.match.winner).toBe("B");
    for (const r of overflow.rounds)
      expect({ error: r.errorA, answer: r.answerA }).toEqual({ error: null, answer: HOSTILE_ANSWERS["/overflow"] });
    for (const r of unstorable.rounds) {
      expect(r.errorA).toBeNull();
      expect(r.answerA).toBe("A claim \ufffd with a NUL  [1].\n\n[1] https://example.org/source");
      expect(r.citationsA).toBe(1);
    }
    for (const r of calm.rounds) expect(r.errorA).toBeNull();
  });
});
