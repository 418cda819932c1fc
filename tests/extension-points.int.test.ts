import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { ensureBuiltinAgents } from "@arena/agents";
import type { Examiner } from "@arena/examiner";
import { createHeuristicExaminer } from "@arena/examiner/heuristic";
import { createMatch, heuristicExaminerConfig, matchDeps, runMatch } from "@arena/match";
import { importWorld, startSandboxServer, type SandboxServer } from "@arena/trees";
import { freshDb } from "./helpers/arena";

/**
 * What a new examiner mode's folder has to provide is the Examiner interface, nothing the match
 * runner knows by name: a throwaway stand-in written here ("the first seat always wins": the
 * heuristic's questions, a judge that never reads the answers) plays a real match between the
 * built-in agents, through the sandbox, stored round by round. (Its row in the tables and the
 * database enum are what CONTRIBUTING.md's recipe adds; here it runs under the heuristic mode's
 * configuration, the database knowing no other offline mode.)
 */
function firstSeatAlwaysWins(): Examiner {
  const questions = createHeuristicExaminer();
  return {
    mode: "heuristic",
    model: null,
    generateTask: (ctx, opts) => questions.generateTask(ctx, opts),
    canTarget: questions.canTarget,
    judge: async (input) => ({
      verdict: { verdict: "[[A_MUCH_BETTER]]", tie_quality: "N/A", loser_failure_type: "BOTH", reasoning: "seat A wins by rule" },
      error: null,
      calls: [
        {
          kind: "judge",
          attempt: 1,
          model: null,
          prompt: { question: input.question },
          raw: null,
          error: null,
          tokensIn: null,
          tokensOut: null,
          costUsd: null,
          latencyMs: 0,
        },
      ],
    }),
  };
}

describe("a stand-in examiner written to the Examiner interface", () => {
  let db: PrismaClient;
  let sandbox: SandboxServer;

  beforeAll(async () => {
    db = await freshDb();
    sandbox = await startSandboxServer(db, { port: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
    await db.$disconnect();
  });

  it("plays a real match: seat A wins the first round by 2 and the mercy rule ends it", async () => {
    const world = await importWorld(db, { seed: "first-seat", hubs: 1, entities: 10 });
    const [extractive, researcher] = await ensureBuiltinAgents(db);
    const config = await heuristicExaminerConfig(db, "heuristic:first-seat");
    const match = await createMatch(db, {
      treeId: world.trees[0]!.id,
      agentAId: researcher!.id,
      agentBId: extractive!.id,
      examinerConfigId: config.id,
      seed: "first-seat",
    });
    const deps = await matchDeps(db, match.id, { sandboxUrl: sandbox.url, allow: [new URL(sandbox.url).host] });
    const result = await runMatch(db, match.id, { ...deps, examiner: firstSeatAlwaysWins() });

    expect(result).toMatchObject({ winner: "A", score_a: 2, score_b: 0, rounds: 1, voided: 0 });
    const rounds = await db.round.findMany({ where: { matchId: match.id } });
    expect(rounds.map((r) => [r.verdictToken, r.scoreA, r.scoreB])).toEqual([["[[A_MUCH_BETTER]]", 2, 0]]);
    expect(rounds[0]!.question).toBeTruthy();
    expect(rounds[0]!.answerA).toContain("## References");
  });
});
