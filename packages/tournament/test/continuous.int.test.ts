process.env.ARENA_QUEUE_PREFIX = `tour-cont-${process.pid}`;
import { describe, expect, it } from "vitest";
import { heuristicExaminerConfig } from "@arena/match";
import {
  addAgentAndTick,
  cancelTournament,
  createTournament,
  ensureSimulatedAgents,
  removeParticipant,
  snapshotRowSchema,
} from "@arena/tournament";
import { readRatingHistory, readWindowRatings } from "@arena/tournament/read";
import { tournamentHarness, worldTrees } from "../../../tests/tournament-fixtures";
import { waitFor } from "../../../tests/helpers/arena";

/**
 * A continuous tournament through the real queue and workers: four simulated agents keep playing
 * (no last round) on the tournament's trees; a fifth joins late, plays its placement matches against
 * three different established agents, is rated, and no earlier round is replayed; an agent that
 * leaves is paired no more.
 */
const { db, queues, start, runWorkers } = tournamentHarness();

const completed = (tournamentId: string, agentId?: string) =>
  db.match.count({
    where: { tournamentId, status: "completed", ...(agentId ? { OR: [{ agentAId: agentId }, { agentBId: agentId }] } : {}) },
  });

describe("continuous tournament", () => {
  it("pairs free agents without a last round, places a late entrant and rates it without replaying past rounds", async () => {
    const planted = [
      { index: 0, p_depth: 0.95, p_width: 0.9 },
      { index: 1, p_depth: 0.7, p_width: 0.6 },
      { index: 2, p_depth: 0.45, p_width: 0.4 },
      { index: 3, p_depth: 0.2, p_width: 0.25 },
      { index: 4, p_depth: 0.8, p_width: 0.8 },
    ];
    const agents = (await ensureSimulatedAgents(db, "cont", planted, 10)).map((a) => a.agentId);
    const [first, late] = [agents.slice(0, 4), agents[4]!];
    const config = await heuristicExaminerConfig(db);
    const t = await createTournament(db, {
      name: "continuous",
      agentIds: first,
      treeIds: await worldTrees(db, 3),
      treesPerPairing: 1,
      swissRounds: 1,
      examinerConfigId: config.id,
      seed: "cont",
      mode: "continuous",
    });
    await runWorkers({ matchConcurrency: 4, reconcileEveryMs: 0 });
    await start(t.id);

    // swissRounds is 1, yet a continuous tournament goes on: several rounds are played.
    await waitFor(async () => (await completed(t.id)) >= 8, "eight matches of the first agents");
    expect((await db.tournament.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("running");
    const joined = await addAgentAndTick(db, queues, t.id, late);
    const before = await db.match.findMany({
      where: { tournamentId: t.id, pairing: { round: { number: { lt: joined.joinedRound } } } },
      select: { id: true },
    });

    await waitFor(async () => (await completed(t.id, late)) >= 3, "the entrant's three placement matches");
    const placement = await db.match.findMany({
      where: { tournamentId: t.id, OR: [{ agentAId: late }, { agentBId: late }] },
      orderBy: { createdAt: "asc" },
      take: 3,
      include: { pairing: { include: { round: true } } },
    });
    // three different established opponents, all in rounds after it joined; no earlier round grew
    const opponents = placement.map((m) => (m.agentAId === late ? m.agentBId : m.agentAId));
    expect(new Set(opponents).size).toBe(3);
    for (const o of opponents) expect(first).toContain(o);
    for (const m of placement) expect(m.pairing!.round.number).toBeGreaterThanOrEqual(joined.joinedRound);
    const earlier = await db.match.findMany({
      where: { tournamentId: t.id, pairing: { round: { number: { lt: joined.joinedRound } } } },
      select: { id: true },
    });
    expect(earlier.map((m) => m.id).sort()).toEqual(before.map((m) => m.id).sort());

    // rated: the latest snapshot has the entrant with its games
    await waitFor(async () => {
      const snap = await db.ratingSnapshot.findFirst({
        where: { tournamentId: t.id },
        orderBy: [{ createdAt: "desc" }, { matchesCounted: "desc" }],
      });
      const rows = snap ? snapshotRowSchema.array().parse(snap.ratings) : [];
      return rows.find((r) => r.agentId === late && r.games >= 3);
    }, "the entrant in the ratings");

    // An agent that leaves is paired no more (a match it is playing still finishes).
    await removeParticipant(db, t.id, first[3]!);
    const leftAt = new Date();
    await waitFor(
      async () => (await db.match.count({ where: { tournamentId: t.id, createdAt: { gt: leftAt } } })) >= 2,
      "two matches paired after the leave",
    );
    expect(
      await db.match.count({
        where: { tournamentId: t.id, createdAt: { gt: leftAt }, OR: [{ agentAId: first[3]! }, { agentBId: first[3]! }] },
      }),
    ).toBe(0);
    await cancelTournament(db, t.id);
    // A match running at the cancel still finishes and is rated: count once none is left running.
    await waitFor(
      async () => ((await db.match.count({ where: { tournamentId: t.id, status: "running" } })) === 0 ? true : undefined),
      "the running matches to finish",
    );

    // The leaderboard over time: the history shows the entrant only from after it joined; the
    // 30-day window holds every match so far, a window that ended before them holds none.
    const history = await readRatingHistory(db, t.id);
    expect(history.length).toBeGreaterThan(2);
    expect(history[0]!.ratings.some((r) => r.agentId === late)).toBe(false);
    expect(history.at(-1)!.ratings.some((r) => r.agentId === late)).toBe(true);
    const rated = await db.match.count({ where: { tournamentId: t.id, status: "completed", rounds: { gt: 0 } } });
    const month = await readWindowRatings(db, t.id, 30);
    expect(month.matches).toBe(rated);
    expect(month.rows.map((r) => r.agentId).sort()).toEqual([...agents].sort());
    const later = await readWindowRatings(db, t.id, 1, new Date(Date.now() + 2 * 86_400_000));
    expect(later).toMatchObject({ matches: 0, rows: [] });
  });
});
