process.env.ARENA_QUEUE_PREFIX = `tour-life-${process.pid}`;
import { describe, expect, it } from "vitest";
import {
  addParticipant,
  advanceTournament,
  cancelTournament,
  enqueueTick,
  pauseTournament,
  resumeTournament,
  snapshotRowSchema,
  startTournament,
  TournamentStateError,
  tournamentStatus,
  waitForMatches,
  waitForTournament,
} from "@arena/tournament";
import { readLeaderboard } from "@arena/tournament/read";
import { draftTournament, expectConsistent, tournamentHarness } from "../../../tests/tournament-fixtures";
import { waitFor } from "../../../tests/helpers/arena";

const { db, queues, start, runWorkers } = tournamentHarness();

/** No match running in PostgreSQL and no match job active in the queue (none about to start). */
async function quiet(): Promise<boolean> {
  return (await db.match.count({ where: { status: "running" } })) === 0 && (await queues.match.getActiveCount()) === 0;
}

describe("Swiss tournament through the queue and workers", () => {
  it("4 agents, 2 trees, 2 rounds: 8 matches, no duplicates, seats alternate, ratings stored", async () => {
    const { tournament, agentIds, config } = await draftTournament(db, { agents: 4, trees: 2, rounds: 2 });
    await runWorkers({ matchConcurrency: 4, reconcileEveryMs: 0 });
    await start(tournament.id);
    await waitForTournament(db, tournament.id, { pollMs: 100 });
    const t = await expectConsistent(db, tournament.id, { rounds: 2, matchesPerRound: 4 });

    const pairings = t.rounds.flatMap((r) => r.pairings);
    const met = pairings.map((p) => [p.agentAId, p.agentBId!].sort().join("|"));
    expect(new Set(met).size).toBe(4); // round 2 avoids round-1 opponents
    for (const p of pairings) {
      const [first, second] = [...p.matches].sort((x, y) => x.seed.localeCompare(y.seed));
      expect([first!.agentAId, first!.agentBId]).toEqual([p.agentAId, p.agentBId]);
      expect([second!.agentAId, second!.agentBId]).toEqual([p.agentBId, p.agentAId]);
    }

    const snapshots = await db.ratingSnapshot.findMany({ where: { tournamentId: tournament.id }, orderBy: { createdAt: "asc" } });
    expect(snapshots.length).toBeGreaterThan(1);
    expect(snapshots.map((s) => s.matchesCounted)).toEqual([...new Set(snapshots.map((s) => s.matchesCounted))].sort((a, b) => a - b));
    const rated = await db.match.count({ where: { tournamentId: tournament.id, rounds: { gt: 0 } } });
    expect(snapshots.at(-1)!.matchesCounted).toBe(rated);
    const final = snapshotRowSchema.array().parse(snapshots.at(-1)!.ratings);
    expect(final.map((r) => r.agentId).sort()).toEqual([...agentIds].sort());
    expect(final.every((r) => r.lower <= r.rating && r.rating <= r.upper)).toBe(true);
    expect(final.reduce((s, r) => s + r.games, 0)).toBe(2 * rated);
    for (const r of final) expect(r.sandwich!.lower < r.rating && r.rating < r.sandwich!.upper).toBe(true);

    // The leaderboard is the latest snapshot, with the analyses of the same matches.
    const board = (await readLeaderboard(db, { tournament: tournament.id }))!;
    expect(board.examiner!.id).toBe(config.id);
    expect(board.snapshot!.matchesCounted).toBe(rated);
    expect(board.rows.map((r) => [r.agentId, r.rating])).toEqual(final.map((r) => [r.agentId, r.rating]));
    const analysis = board.analysis!;
    expect(analysis.rounds).toBe(await db.round.count({ where: { voided: false, verdictToken: { not: null } } }));
    expect(analysis.depthHistogram.reduce((s, h) => s + h.count, 0)).toBe(analysis.rounds);
    expect(board.rows.reduce((s, r) => s + r.rounds!.rounds, 0)).toBe(2 * analysis.rounds);
    expect(analysis.pairwise.reduce((s, p) => s + p.games, 0)).toBe(2 * rated);
    expect(analysis.eloHistory.at(-1)!.matches).toBe(rated);
    // Strongest planted agent (index 0) above the weakest (index 3).
    const rating = (id: string) => board.rows.find((a) => a.agentId === id)!.rating;
    expect(rating(agentIds[0]!)).toBeGreaterThan(rating(agentIds[3]!));

    // A completed tournament's tick changes nothing.
    expect(await advanceTournament(db, tournament.id, queues)).toEqual({ kind: "idle", status: "completed", snapshot: null });
  });

  it("concurrent ticks pair a round exactly once", async () => {
    const { tournament } = await draftTournament(db, { agents: 5, trees: 2, rounds: 3 });
    await startTournament(db, tournament.id);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => advanceTournament(db, tournament.id, queues)));
    expect(outcomes.filter((o) => o.kind === "paired")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "waiting")).toHaveLength(5);
    expect(await db.tournamentRound.count()).toBe(1);
    expect(await db.match.count()).toBe(4); // 2 pairings × 2 trees, one bye
    expect(await db.pairing.count({ where: { agentBId: null } })).toBe(1);
    expect(await queues.match.count()).toBe(4);
  });

  it("seats follow the tree's tournament ordinal; failed matches count as finished", async () => {
    const { tournament } = await draftTournament(db, { agents: 4, trees: 3, rounds: 2, treesPerPairing: 2 });
    await startTournament(db, tournament.id);
    expect(await advanceTournament(db, tournament.id, queues)).toMatchObject({ kind: "paired", round: 1, matches: 4 });
    const ordinal = new Map(
      (await db.tournamentTree.findMany({ where: { tournamentId: tournament.id } })).map((t) => [t.treeId, t.ordinal]),
    );
    const pairings = await db.pairing.findMany({ include: { matches: true } });
    for (const p of pairings) {
      for (const m of p.matches) {
        const swapped = ordinal.get(m.treeId)! % 2 === 1;
        expect([m.agentAId, m.agentBId]).toEqual(swapped ? [p.agentBId, p.agentAId] : [p.agentAId, p.agentBId]);
      }
    }
    // The second pairing plays trees 2 and 0: a rule by position in the pairing would swap tree 0.
    expect(pairings.map((p) => p.matches.map((m) => ordinal.get(m.treeId)).sort())).toContainEqual([0, 2]);

    const ids = pairings.flatMap((p) => p.matches.map((m) => m.id));
    await db.match.updateMany({ where: { id: { in: ids.slice(1) } }, data: { status: "failed", error: "out of attempts" } });
    await db.match.update({ where: { id: ids[0]! }, data: { status: "cancelled" } });
    await waitForMatches(db, ids, { pollMs: 20, signal: AbortSignal.timeout(5000) });
    expect((await tournamentStatus(db, tournament.id)).round).toEqual({ number: 1, done: 4, total: 4 });
    expect(await advanceTournament(db, tournament.id, queues)).toMatchObject({ kind: "paired", round: 2 });
  });

  it("pause stops new matches, resume finishes the tournament", async () => {
    const { tournament } = await draftTournament(db, { agents: 4, trees: 4, rounds: 2, latencyMs: 40 });
    await runWorkers({ matchConcurrency: 2, reconcileEveryMs: 0 });
    await start(tournament.id);
    await waitFor(async () => (await db.match.count({ where: { status: "completed" } })) >= 1, "a finished match");
    await pauseTournament(db, tournament.id);
    await waitFor(quiet, "running matches to finish");
    const done = await db.match.count({ where: { status: "completed" } });
    expect(done).toBeLessThan(8);
    // Every job of the paused tournament's queued matches has been taken and skipped.
    await waitFor(
      async () => (await queues.match.getJobCountByTypes("waiting", "active", "delayed", "prioritized")) === 0,
      "the paused matches' jobs to be skipped",
    );
    expect(await db.match.count({ where: { status: "completed" } })).toBe(done);
    expect(await db.match.count({ where: { status: "queued" } })).toBe(8 - done);
    expect((await db.tournament.findUniqueOrThrow({ where: { id: tournament.id } })).status).toBe("paused");
    await expect(pauseTournament(db, tournament.id)).rejects.toThrow(TournamentStateError);

    await resumeTournament(db, tournament.id);
    await enqueueTick(queues.tournament, tournament.id, "resume");
    await waitForTournament(db, tournament.id, { pollMs: 100 });
    await expectConsistent(db, tournament.id, { rounds: 2, matchesPerRound: 8 });
  });

  it("cancel cancels queued matches and pairs nothing more", async () => {
    const { tournament } = await draftTournament(db, { agents: 4, trees: 4, rounds: 3, latencyMs: 40 });
    await runWorkers({ matchConcurrency: 2, reconcileEveryMs: 0 });
    await start(tournament.id);
    await waitFor(async () => (await db.match.count({ where: { status: "completed" } })) >= 1, "a finished match");
    const { cancelledMatches } = await cancelTournament(db, tournament.id);
    expect(cancelledMatches).toBeGreaterThan(0);
    await waitFor(quiet, "running matches to finish");
    expect(await advanceTournament(db, tournament.id, queues)).toEqual({ kind: "idle", status: "cancelled", snapshot: null });
    expect(await db.tournamentRound.count()).toBe(1);
    // A job that read the match as queued just before the cancel may still play it (see report).
    expect(await db.match.count({ where: { status: "cancelled" } })).toBeGreaterThan(0);
    expect(await db.match.count({ where: { status: "queued" } })).toBe(0);
    expect((await db.tournamentRound.findFirstOrThrow()).status).toBe("cancelled");
    await expect(resumeTournament(db, tournament.id)).rejects.toThrow(TournamentStateError);
  });

  it("a late entrant is paired from the next round on, without replaying the past", async () => {
    const { tournament } = await draftTournament(db, { agents: 4, trees: 2, rounds: 3 });
    const late = await db.agent.create({
      data: {
        name: "late",
        protocol: "simulated",
        status: "healthy",
        maxConcurrency: 16,
        config: { p_depth: 0.8, p_width: 0.8, latency_ms: 20 },
      },
    });
    await startTournament(db, tournament.id);
    expect(await advanceTournament(db, tournament.id, queues)).toMatchObject({ kind: "paired", round: 1, matches: 4 });
    expect((await addParticipant(db, tournament.id, late.id)).joinedRound).toBe(2);
    await expect(addParticipant(db, tournament.id, late.id)).rejects.toThrow(TournamentStateError);

    await runWorkers({ matchConcurrency: 4, reconcileEveryMs: 0 });
    await waitForTournament(db, tournament.id, { pollMs: 100 });
    const t = await expectConsistent(db, tournament.id, { rounds: 3, matchesPerRound: 4 });
    const seated = (n: number) => t.rounds[n - 1]!.pairings.flatMap((p) => [p.agentAId, p.agentBId]);
    expect(seated(1)).not.toContain(late.id);
    expect(seated(2)).toContain(late.id);
    expect(seated(3)).toContain(late.id);
    const byes = t.rounds.flatMap((r) => r.pairings.filter((p) => p.agentBId === null).map((p) => p.agentAId));
    expect(byes).toHaveLength(2);
    expect(new Set(byes).size).toBe(2); // nobody gets a second bye while others have none
    await expect(addParticipant(db, tournament.id, late.id)).rejects.toThrow(TournamentStateError);
  });
});
