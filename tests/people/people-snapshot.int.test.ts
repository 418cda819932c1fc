process.env.ARENA_QUEUE_PREFIX = `people-snapshot-${process.pid}`;
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spearmanRho } from "@arena/core";
import type { PrismaClient } from "@arena/db";
import { startWorkers } from "@arena/runtime";
import { castVote, excludeVoter, includeVoter, nextVoteRound, peopleStale, readCountedVotes, refreshPeopleSnapshots } from "@arena/votes";
import { readPeopleAgreement, readPeopleLeaderboard } from "@arena/votes/read";
import { createUser } from "../accounts/fixtures";
import { freshDb, waitFor } from "../helpers/arena";
import { arenaCommand } from "../helpers/web";
import { flushRedis } from "../tournament-fixtures";
import { plantJudgedRounds, type PlantedRounds } from "./planted-rounds";
import { runVoters, type VoteClient } from "./simulated-voters";

/**
 * The people's snapshots through the package's commands (the HTTP journey is people-simulation):
 * votes and auditors' C1 verdicts make the people's board, every round's scope and the examiner
 * configuration's are stored, an exclusion is recomputed and taken back, and the workers store a
 * new snapshot by themselves once votes arrive (the reconciler's fingerprint, the people job).
 */
describe("people's snapshots", () => {
  let db: PrismaClient;
  let planted: PlantedRounds;
  let voterIds: string[];
  const addressKey = randomBytes(32);

  const client: VoteClient = {
    next: (voterId) => nextVoteRound(db, { voterId }),
    vote: async (voterId, roundId, verdict) =>
      void (await castVote(db, { voterId, roundId, verdict, address: "10.0.0.1" }, { addressKey })),
  };

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    planted = await plantJudgedRounds(db, { agents: 5 });
    voterIds = [];
    for (let k = 0; k < 12; k++) voterIds.push((await createUser(db, "owner", `careful-${k}@people.test`)).id);
    await runVoters(
      client,
      voterIds.map((id) => ({ id, kind: "careful" as const, votes: 8 })),
      1,
    );
  });
  afterAll(async () => {
    await flushRedis();
    await db?.$disconnect();
  });

  it("stores every round's scope and the configuration's, counting votes and auditors' C1 verdicts", async () => {
    expect(await peopleStale(db)).toBe(true);
    const refresh = await refreshPeopleSnapshots(db);
    expect(refresh.written.map((w) => w.examinerConfigId)).toEqual([planted.examinerConfigId, null]);
    expect(await peopleStale(db)).toBe(false);
    expect((await refreshPeopleSnapshots(db)).written).toEqual([]); // nothing new: nothing written

    const counted = await readCountedVotes(db);
    const board = (await readPeopleLeaderboard(db))!;
    expect(board.examiner).toBeNull();
    expect(board.snapshot!.votesCounted).toBe(counted.votes.length + planted.goldRounds);
    expect(board.agreement!.sources).toEqual({ votes: counted.votes.length, audits: planted.goldRounds });
    const rank = (id: string) => board.rows.findIndex((r) => r.agentId === id);
    expect(
      spearmanRho(
        planted.order.map((_, k) => k),
        planted.order.map(rank),
      ),
    ).toBeGreaterThanOrEqual(0.9);
    expect(board.comparedWith?.id).toBe(planted.examinerConfigId);
    expect(board.agreement!.enough).toBe(true);
    expect(board.agreement!.spearman!.value).toBeGreaterThanOrEqual(0.9);
    expect(board.agreementLine).toMatch(/^agrees with people: ρ \d\.\d\d \[-?\d\.\d\d, \d\.\d\d\], \d+ votes$/);

    const scoped = (await readPeopleLeaderboard(db, { examiner: planted.examinerConfigId }))!;
    expect(scoped.examiner?.id).toBe(planted.examinerConfigId);
    expect(scoped.rows).toEqual(board.rows);
    const header = await readPeopleAgreement(db, planted.examinerConfigId);
    expect(header.line).toBe(scoped.agreementLine);
    expect(await readPeopleLeaderboard(db, { examiner: "no-such-config" })).toBeNull();
  });

  it("arena leaderboard --by people prints the stored board: the same object as the read, and its line", async () => {
    const board = (await readPeopleLeaderboard(db, { examiner: planted.examinerConfigId }))!;
    const json = await arenaCommand(["leaderboard", "--by", "people", "--examiner", planted.examinerConfigId, "--json"]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(board);
    const text = await arenaCommand(["leaderboard", "--by", "people", "--examiner", planted.examinerConfigId]);
    expect(text.stdout).toContain(board.agreementLine);
    for (const r of board.rows) expect(text.stdout).toContain(r.name);
    expect((await arenaCommand(["leaderboard", "--by", "people", "--tournament", "x"])).code).not.toBe(0);
  });

  it("an exclusion is recomputed and taken back; nothing is deleted", async () => {
    const admin = await createUser(db, "admin");
    const before = (await readPeopleLeaderboard(db))!;
    const votesOf = await db.vote.count({ where: { voterId: voterIds[0]! } });
    await excludeVoter(db, { voterId: voterIds[0]!, adminId: admin.id, reason: "test" });
    expect(await peopleStale(db)).toBe(true);
    await refreshPeopleSnapshots(db);
    const excluded = (await readPeopleLeaderboard(db))!;
    expect(excluded.agreement!.leftOut.excluded).toBe(votesOf);
    expect(excluded.snapshot!.votesCounted).toBe(before.snapshot!.votesCounted - votesOf);
    await includeVoter(db, { voterId: voterIds[0]! });
    expect(await peopleStale(db)).toBe(true);
    await refreshPeopleSnapshots(db);
    const back = (await readPeopleLeaderboard(db))!;
    expect(back.snapshot!.votesCounted).toBe(before.snapshot!.votesCounted);
    expect(back.rows).toEqual(before.rows);
    expect(await db.vote.count({ where: { voterId: voterIds[0]! } })).toBe(votesOf);
  });

  it("the workers store a new snapshot by themselves when votes arrive", async () => {
    const workers = await startWorkers(db, { matchConcurrency: 1, reconcileEveryMs: 300 });
    try {
      const before = (await readPeopleLeaderboard(db))!.snapshot!;
      const late = (await createUser(db, "owner", "late@people.test")).id;
      await runVoters(client, [{ id: late, kind: "careful", votes: 3 }], 2);
      // Until the workers have caught up: a refresh takes its basis before it reads the votes, so
      // one that began at the first vote may already count all three and still be behind by its
      // basis (the next refresh follows by itself); asking at that moment found it stale.
      const after = await waitFor(async () => {
        const s = (await readPeopleLeaderboard(db))!.snapshot!;
        return s.votesCounted === before.votesCounted + 3 && !(await peopleStale(db)) && s;
      }, "the workers' people snapshot, counting the three votes and up to date");
      expect(after.id).not.toBe(before.id);
    } finally {
      await workers.close();
    }
  });
});
