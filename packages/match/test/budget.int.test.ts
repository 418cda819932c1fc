import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { GenerationError, type Examiner } from "@arena/examiner";
import { createMatch, heuristicExaminerConfig, matchDeps, runMatch } from "@arena/match";
import { freshDb, importSharedTree } from "../../../tests/helpers/arena";

/**
 * The round budget counts failures as the reference does: its loop increments the round before
 * generating and skips the round on a generation error or a judge error, so each spends one of
 * MAX_ROUNDS (10). A heuristic examiner whose judge fails on chosen rounds, through the real runner
 * and database.
 */
describe("match runner: generation and judge errors spend the round budget", () => {
  let db: PrismaClient;
  let treeId: string;
  beforeAll(async () => {
    db = await freshDb();
    treeId = (await importSharedTree(db, "tree_0025.json")).id;
  });
  afterAll(() => db.$disconnect());

  /** The real heuristic examiner, failing generation on `genFails` calls and judging on `judgeFails` calls (1-based). */
  function failing(real: Examiner, genFails: number[], judgeFails: number[]): Examiner {
    let gen = 0;
    let judge = 0;
    return {
      mode: real.mode,
      model: real.model,
      // the pages it can target, as the real one: pools of the match are drawn from them
      ...(real.canTarget ? { canTarget: real.canTarget } : {}),
      generateTask: async (ctx, opts) => {
        if (genFails.includes(++gen)) throw new GenerationError("no question from this context", []);
        return real.generateTask(ctx, opts);
      },
      judge: async (input, opts) =>
        judgeFails.includes(++judge) ? { verdict: null, error: "unparseable verdict", calls: [] } : real.judge(input, opts),
    };
  }

  it("every judgement failing: the match ends after 10 stored rounds, none counted, scores 0-0", async () => {
    const sim = (name: string, p: number) =>
      db.agent.create({ data: { name, protocol: "simulated", config: { p_depth: p, p_width: p }, status: "healthy" } });
    const [a, b] = [await sim("budget-a", 0.5), await sim("budget-b", 0.5)];
    const config = await heuristicExaminerConfig(db);
    const m = await createMatch(db, { treeId, agentAId: a.id, agentBId: b.id, examinerConfigId: config.id, seed: "judge-fails" });
    const deps = await matchDeps(db, m.id);
    await runMatch(db, m.id, {
      ...deps,
      examiner: failing(
        deps.examiner,
        [],
        Array.from({ length: 50 }, (_, i) => i + 1),
      ),
    });
    const stored = await db.match.findUniqueOrThrow({ where: { id: m.id } });
    expect(stored).toMatchObject({ status: "completed", rounds: 0, scoreA: 0, scoreB: 0, winner: "tie" });
    expect(await db.round.count({ where: { matchId: m.id, judgeError: { not: null } } })).toBe(10);
    expect(stored.state).toMatchObject({ loop: { round: 0, failed: 10, stopReason: "max_rounds" } });
  });

  it("two generation errors and one judge error leave 7 judged rounds when no mercy rule stops it", async () => {
    // equal planted skill and a seed whose scores stay within the threshold would be luck; agents
    // that both answer nothing tie every round (Tie LOW), so the budget alone ends the match
    const mute = (name: string) =>
      db.agent.create({ data: { name, protocol: "simulated", config: { p_depth: 0, p_width: 0 }, status: "healthy" } });
    const [a, b] = [await mute("mute-a"), await mute("mute-b")];
    const config = await heuristicExaminerConfig(db);
    const m = await createMatch(db, { treeId, agentAId: a.id, agentBId: b.id, examinerConfigId: config.id, seed: "mixed" });
    const deps = await matchDeps(db, m.id);
    await runMatch(db, m.id, { ...deps, examiner: failing(deps.examiner, [1, 4], [3]) });
    const stored = await db.match.findUniqueOrThrow({ where: { id: m.id } });
    expect(stored).toMatchObject({ status: "completed", rounds: 7 });
    expect(stored.state).toMatchObject({ loop: { round: 7, failed: 3, stopReason: "max_rounds" } });
    const rounds = await db.round.findMany({ where: { matchId: m.id }, orderBy: { number: "asc" } });
    expect(rounds).toHaveLength(8);
    expect(rounds.filter((r) => r.judgeError !== null)).toHaveLength(1);
  });
});
