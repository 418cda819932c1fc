import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { createMatch, heuristicExaminerConfig, matchDeps, runMatch } from "@arena/match";
import { FAULT_ERROR_CLASSES, startFaultAgentServer, type FaultAgentServer } from "../../../tests/servers/fault-agent-server";
import { freshDb, importSharedTree } from "../../../tests/helpers/arena";

/**
 * Agents that fail in every way the arena HTTP protocol allows: each failure is stored with its
 * class on every round, forfeits the round to the other seat, and the match still finishes. When both
 * seats fail, rounds are voided and counted on the match.
 */
describe("match runner: failing agents", () => {
  let db: PrismaClient;
  let faults: FaultAgentServer;
  let treeId: string;
  let examinerConfigId: string;

  beforeAll(async () => {
    db = await freshDb();
    faults = await startFaultAgentServer({ slowMs: 3000 });
    treeId = (await importSharedTree(db, "tree_0025.json")).id;
    examinerConfigId = (await heuristicExaminerConfig(db)).id;
  });
  afterAll(async () => {
    await faults.close();
    await db.$disconnect();
  });

  const agent = (name: string, endpoint: string) =>
    db.agent.create({
      data: {
        name,
        protocol: "arena_http",
        endpoint: faults.url(endpoint),
        config: { timeoutMs: 800, deadlineMs: 5000, pollIntervalMs: 100, maxBytes: 1_000_000 },
        status: "healthy",
      },
    });

  /** A healthy opponent that really answers: planted skill 1 on the round's rubric. */
  const flawless = (seed: string) =>
    db.agent.create({ data: { name: `flawless-${seed}`, protocol: "simulated", config: { p_depth: 1, p_width: 1 }, status: "healthy" } });

  async function play(endpointA: string, endpointB: string | "flawless", seed: string) {
    const a = await agent(`${endpointA}-${seed}-a`, endpointA);
    const b = endpointB === "flawless" ? await flawless(seed) : await agent(`${endpointB}-${seed}-b`, endpointB);
    const m = await createMatch(db, { treeId, agentAId: a.id, agentBId: b.id, examinerConfigId, seed });
    const result = await runMatch(db, m.id, await matchDeps(db, m.id, { allow: [faults.hostPort] }));
    const rounds = await db.round.findMany({ where: { matchId: m.id }, orderBy: { number: "asc" } });
    return { result, rounds, match: await db.match.findUniqueOrThrow({ where: { id: m.id } }) };
  }

  it.each(FAULT_ERROR_CLASSES)("%s in seat A is stored as %s and the healthy agent wins", async (endpoint, errorClass) => {
    const { result, rounds, match } = await play(endpoint, "flawless", `fault${endpoint}`);
    expect(rounds.length).toBeGreaterThan(0);
    for (const r of rounds) {
      expect(r.errorA).toBe(errorClass);
      expect(r.errorDetailA).toBeTruthy();
      expect(r.answerA).toBe("");
      expect(r.errorB).toBeNull();
      expect(r.voided).toBe(false);
      expect(r.forfeit).toBe("A");
      expect(r.verdictToken).toBe("[[B_MUCH_BETTER]]");
    }
    expect(match.status).toBe("completed");
    expect(result.winner).toBe("B");
  });

  it("a poll-based agent answers through 202 + poll", async () => {
    const { rounds } = await play("/poll", "/ok", "poll");
    expect(rounds[0]!.errorA).toBeNull();
    expect(rounds[0]!.answerA).toContain("## References");
  });

  it("both seats failing voids the rounds; the match ends and counts them", async () => {
    const { result, rounds, match } = await play("/500", "/garbage", "both");
    expect(rounds.length).toBeGreaterThan(0);
    expect(
      rounds.every((r) => r.voided && r.verdict === null && r.forfeit === null && r.errorA === "http_status" && r.errorB === "malformed"),
    ).toBe(true);
    expect(match.voidedRounds).toBe(rounds.length);
    expect(result).toMatchObject({ winner: "tie", rounds: 0, voided: rounds.length });
    expect(match.error).toMatch(/voided/);
  });
});
