import type { Queue } from "bullmq";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPrisma, type PrismaClient } from "@arena/db";
import { truncateAll } from "@arena/db/testing";
import type { Payload } from "@arena/jobs";
import { advanceTournament } from "../src/pairing/advance";
import { createTournament, startTournament } from "../src/lifecycle";

/**
 * advanceTournament on its own (no workers, no Redis, no match is played): a queue stand-in
 * records the matches it is asked to enqueue; matches are finished by hand, trees are bare rows.
 */
function recordingQueue() {
  const added: string[] = [];
  const queue = {
    getJob: async () => undefined,
    add: async (_name: string, data: { matchId: string }) => void added.push(data.matchId),
  };
  return { added, queues: { match: queue as unknown as Queue<Payload<"match">> } };
}

describe("advanceTournament", () => {
  let db: PrismaClient;
  let treeIds: string[];
  let examinerConfigId: string;
  let agents: string[];

  beforeAll(async () => {
    db = createPrisma();
    await truncateAll(db);
    treeIds = [];
    for (const n of [0, 1, 2]) treeIds.push((await db.tree.create({ data: { rootUrl: `https://t${n}.example/`, source: "imported" } })).id);
    examinerConfigId = (await db.examinerConfig.create({ data: { name: "heuristic", mode: "heuristic" } })).id;
  });
  beforeEach(async () => {
    await db.tournament.deleteMany();
    await db.agent.deleteMany();
    agents = [];
    for (const name of ["w", "x", "y", "z"]) {
      agents.push((await db.agent.create({ data: { name, protocol: "simulated", config: { p_depth: 1, p_width: 1 } } })).id);
    }
  });
  afterAll(() => db.$disconnect());

  const start = async (
    over: {
      seatAlternation?: boolean;
      treesPerPairing?: number;
      agentIds?: string[];
      swissRounds?: number;
      pairing?: "swiss" | "info";
      mode?: "rounds" | "continuous";
    } = {},
  ) => {
    const t = await createTournament(db, {
      name: "t",
      agentIds: agents,
      treeIds,
      examinerConfigId,
      seed: "s1",
      treesPerPairing: 2,
      ...over,
    });
    await startTournament(db, t.id);
    return t.id;
  };
  const matchesOf = (tournamentId: string) =>
    db.match.findMany({
      where: { tournamentId },
      include: { pairing: true, tree: true },
      orderBy: [{ pairingId: "asc" }, { treeId: "asc" }],
    });
  const ordinalOf = async (tournamentId: string, treeId: string) =>
    (await db.tournamentTree.findFirstOrThrow({ where: { tournamentId, treeId } })).ordinal;

  it("seats follow the tree's tournament ordinal: odd ordinals swap A and B, whatever the tree's place in its pairing", async () => {
    const id = await start();
    const { added, queues } = recordingQueue();
    const outcome = await advanceTournament(db, id, queues);
    expect(outcome).toMatchObject({ kind: "paired", round: 1, matches: 4, bye: null });
    const matches = await matchesOf(id);
    expect(added.sort()).toEqual(matches.map((m) => m.id).sort());
    // Two pairings × 2 of 3 trees, rotating: the second pairing plays ordinals 2 and 0.
    const ordinals = new Set<number>();
    for (const m of matches) {
      const ordinal = await ordinalOf(id, m.treeId);
      ordinals.add(ordinal);
      const [first, second] = [m.pairing!.agentAId, m.pairing!.agentBId!];
      expect([m.agentAId, m.agentBId]).toEqual(ordinal % 2 === 1 ? [second, first] : [first, second]);
    }
    expect(ordinals).toEqual(new Set([0, 1, 2]));
  });

  it("without seat alternation, the higher-ranked agent of a pairing sits in A for every tree", async () => {
    const id = await start({ seatAlternation: false });
    await advanceTournament(db, id, recordingQueue().queues);
    for (const m of await matchesOf(id)) expect([m.agentAId, m.agentBId]).toEqual([m.pairing!.agentAId, m.pairing!.agentBId]);
  });

  it("concurrent ticks pair a round once: the transaction and its lock serialise them", async () => {
    const id = await start();
    const outcomes = await Promise.all([1, 2, 3].map(() => advanceTournament(db, id, recordingQueue().queues)));
    expect(outcomes.filter((o) => o.kind === "paired")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "waiting")).toHaveLength(2);
    expect(await db.tournamentRound.count({ where: { tournamentId: id } })).toBe(1);
    expect(await db.match.count({ where: { tournamentId: id } })).toBe(4);
  });

  it("a round that fails to store leaves nothing behind (one transaction)", async () => {
    const id = await start();
    // A stray round 1 makes the pairing transaction fail on its unique round number.
    await db.tournamentRound.create({ data: { tournamentId: id, number: 1, status: "queued" } });
    await expect(advanceTournament(db, id, recordingQueue().queues)).rejects.toThrow();
    expect(await db.pairing.count()).toBe(0);
    expect(await db.match.count({ where: { tournamentId: id } })).toBe(0);
    expect((await db.tournament.findUniqueOrThrow({ where: { id } })).currentRound).toBe(0);
  });

  it("waits for unfinished matches, pairs the next round when they finish, and completes after the last", async () => {
    const id = await start({ agentIds: agents.slice(0, 3), swissRounds: 2 });
    const first = await advanceTournament(db, id, recordingQueue().queues);
    expect(first).toMatchObject({ kind: "paired", round: 1, matches: 2 });
    const bye = (first as { bye: string | null }).bye;
    expect(bye).not.toBeNull();
    expect(await advanceTournament(db, id, recordingQueue().queues)).toMatchObject({ kind: "waiting", round: 1, unfinished: 2 });
    const finish = () =>
      db.match.updateMany({
        where: { tournamentId: id, status: "queued" },
        data: { status: "completed", winner: "A", finishedAt: new Date() },
      });
    await finish();
    const second = await advanceTournament(db, id, recordingQueue().queues);
    expect(second).toMatchObject({ kind: "paired", round: 2 });
    // The agent that sat out round 1 plays in round 2: another agent gets the bye.
    expect((second as { bye: string | null }).bye).not.toBe(bye);
    expect(await db.tournamentRound.findFirst({ where: { tournamentId: id, number: 1 } })).toMatchObject({ status: "completed" });
    await finish();
    expect(await advanceTournament(db, id, recordingQueue().queues)).toMatchObject({ kind: "completed", rounds: 2 });
    expect((await db.tournament.findUniqueOrThrow({ where: { id } })).status).toBe("completed");
  });

  it("information pairing: every agent plays each round, and no pair meets again within the cooldown of two rounds", async () => {
    const id = await start({ pairing: "info", swissRounds: 4, treesPerPairing: 1 });
    const key = (p: { agentAId: string; agentBId: string | null }) => [p.agentAId, p.agentBId].sort().join("-");
    const seen: string[][] = [];
    for (let round = 1; round <= 3; round++) {
      expect(await advanceTournament(db, id, recordingQueue().queues)).toMatchObject({ kind: "paired", round, matches: 2, bye: null });
      const pairs = await db.pairing.findMany({ where: { round: { tournamentId: id, number: round } } });
      seen.push(pairs.map(key).sort());
      // the first-seated agent of a match wins in three rounds
      await db.match.updateMany({
        where: { tournamentId: id, status: "queued" },
        data: { status: "completed", winner: "A", rounds: 3, finishedAt: new Date() },
      });
    }
    // 4 agents have exactly three perfect matchings: the cooldown makes the rounds use each once
    expect(new Set(seen.flat()).size).toBe(6);
    expect((await db.tournament.findUniqueOrThrow({ where: { id } })).pairing).toBe("info");
  });

  for (const pairing of ["swiss", "info"] as const) {
    it(`continuous (${pairing}): two agents just back from playing each other wait for the others rather than meet again`, async () => {
      const id = await start({ mode: "continuous", pairing, treesPerPairing: 1 });
      const key = (a: string, b: string) => [a, b].sort().join("-");
      const open = () => db.match.findMany({ where: { tournamentId: id, status: "queued" }, orderBy: { id: "asc" } });
      const finish = (matchId: string) =>
        db.match.update({ where: { id: matchId }, data: { status: "completed", winner: "A", rounds: 3, finishedAt: new Date() } });

      expect(await advanceTournament(db, id, recordingQueue().queues)).toMatchObject({ kind: "paired", round: 1, matches: 2 });
      const [one, two] = await open();
      // One pair is back, the other still plays: half the field is free, but its only partner is its last opponent.
      await finish(one!.id);
      expect(await advanceTournament(db, id, recordingQueue().queues)).toMatchObject({ kind: "waiting" });
      await finish(two!.id);
      // Everyone is free: two new pairs, neither a rematch of round 1.
      expect(await advanceTournament(db, id, recordingQueue().queues)).toMatchObject({ kind: "paired", round: 2, matches: 2 });
      const second = (await open()).map((m) => key(m.agentAId, m.agentBId));
      expect(second).not.toContain(key(one!.agentAId, one!.agentBId));
      expect(second).not.toContain(key(two!.agentAId, two!.agentBId));
    });
  }
});
