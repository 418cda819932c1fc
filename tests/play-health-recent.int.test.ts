process.env.ARENA_QUEUE_PREFIX ||= `play-health-${process.pid}`;
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAgentRoundErrors } from "@arena/agents";
import type { PrismaClient } from "@arena/db";
import { heuristicExaminerConfig } from "@arena/match";
import { freshDb } from "./helpers/arena";
import { worldTrees } from "./tournament-fixtures";

/**
 * An agent's play health reads its newest rounds only (RECENT_ROUNDS = 50), in either seat, on
 * planted rows whose answer is known: 70 finished matches of one round each, alternating seats, the
 * last three ending in the agent's error; then 60 newer matches still queued (no round yet), which
 * must not hide the rounds behind them.
 */
describe("an agent's recent rounds", () => {
  let db: PrismaClient;
  let agentId: string;
  let otherId: string;

  beforeAll(async () => {
    db = await freshDb();
    const [treeId] = await worldTrees(db, 1);
    const config = await heuristicExaminerConfig(db);
    const [agent, other] = await Promise.all(
      ["recent-rounds agent", "recent-rounds opponent"].map((name) =>
        db.agent.create({ data: { name, protocol: "simulated", config: {}, status: "healthy" } }),
      ),
    );
    [agentId, otherId] = [agent!.id, other!.id];
    const start = Date.now() - 200 * 60_000;
    const at = (k: number) => new Date(start + k * 60_000);
    for (let k = 0; k < 70; k++) {
      const seatA = k % 2 === 0;
      const m = await db.match.create({
        data: {
          treeId: treeId!,
          agentAId: seatA ? agentId : otherId,
          agentBId: seatA ? otherId : agentId,
          examinerConfigId: config.id,
          examinerMode: config.mode,
          seed: `recent-${k}`,
          status: "completed",
          rounds: 1,
          createdAt: at(k),
        },
      });
      // The agent's error in its own seat for the last three; the opponent errs in an older one (never the agent's).
      const own = k >= 67 ? "timeout" : null;
      const theirs = k === 40 ? "refused" : null;
      await db.round.create({
        data: {
          matchId: m.id,
          number: 1,
          depth: 1,
          width: 1,
          pathNodeIds: [],
          pathUrls: [],
          scoreA: 0,
          scoreB: 0,
          examinerMode: config.mode,
          errorA: seatA ? own : theirs,
          errorB: seatA ? theirs : own,
          errorDetailA: seatA && own ? "no answer within 60 s" : null,
          errorDetailB: !seatA && own ? "no answer within 60 s" : null,
          createdAt: at(k),
        },
      });
    }
    for (let k = 70; k < 130; k++) {
      await db.match.create({
        data: {
          treeId: treeId!,
          agentAId: agentId,
          agentBId: otherId,
          examinerConfigId: config.id,
          examinerMode: config.mode,
          seed: `queued-${k}`,
          createdAt: at(k),
        },
      });
    }
  }, 120_000);

  afterAll(async () => {
    await db?.$disconnect();
  });

  it("are its newest 50 in either seat, past newer matches without a round, with its own seat's errors only", async () => {
    const [mine, theirs] = await readAgentRoundErrors(db, { agentIds: [agentId, otherId, agentId] }).then((rows) =>
      [agentId, otherId].map((id) => rows.find((r) => r.agentId === id)!),
    );
    expect(mine).toMatchObject({ rounds: 50, errors: 3, consecutive: 3, failing: true });
    expect(mine!.byClass).toEqual([
      { class: "timeout", count: 3, latestDetail: "no answer within 60 s", latestAt: expect.any(String), matchId: expect.any(String) },
    ]);
    // The opponent's refusal in match 40 is among its newest 50 rounds (matches 20–69); nothing of the agent's is counted for it.
    expect(theirs).toMatchObject({ rounds: 50, errors: 1, consecutive: 0, failing: false });
    expect(theirs!.byClass.map((c) => c.class)).toEqual(["refused"]);
  });
});
