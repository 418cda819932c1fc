process.env.ARENA_QUEUE_PREFIX = `scoreboard-${process.pid}`;
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import {
  computeScoreboard,
  isFresh,
  markScoreboardsStale,
  refreshScoreboard,
  scoreboardState,
  staleScoreboardScopes,
} from "@arena/scoring";
import { readScoreboard } from "@arena/scoring/read";
import { freshDb, waitFor } from "./helpers/arena";
import { flushRedis } from "./tournament-fixtures";
import { runTournament, type TournamentRun } from "./web/seed";

/**
 * The scoreboard (report-score columns, controlled ratings) is computed by the workers after each
 * rating snapshot and score change, on their scoreboard thread, and stored beside the snapshot;
 * readers only read it. Known answer: what the workers stored equals the same computation run
 * here on this thread from the same rows.
 */
/** Numbers to 12 significant digits: a JSON column gives back the last binary digit of a double as it likes. */
const rounded = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === "number" ? Number(v.toPrecision(12)) : v)));

describe("scoreboards computed by the workers", () => {
  let db: PrismaClient;
  let run: TournamentRun;
  let closed: Promise<void> | undefined;
  const stopWorkers = () => (closed ??= run.close());

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    run = await runTournament(db, { agents: 4, trees: 1, rounds: 2, latencyMs: 5 });
    await run.finished();
  });
  afterAll(async () => {
    if (run) await stopWorkers();
    await flushRedis();
    await db?.$disconnect();
  });

  it("stores each scope's scoreboard beside its newest snapshot once its scores are in, equal to the in-process computation", async () => {
    const scopes = [
      { examinerConfigId: run.examinerConfigId, tournamentId: run.tournamentId },
      { examinerConfigId: run.examinerConfigId, tournamentId: null },
    ];
    const rated = await db.match.count({
      where: { tournamentId: run.tournamentId, status: "completed", winner: { not: null }, rounds: { gt: 0 } },
    });
    const roundsToScore = await db.round.count({
      where: { match: { tournamentId: run.tournamentId }, voided: false, question: { not: null } },
    });
    // Every round scored, then the scoreboards caught up with those scores (no worker was told by the test).
    await waitFor(
      async () =>
        (
          await db.reportScore.groupBy({
            by: ["roundId"],
            where: { metric: "claim_f1", round: { match: { tournamentId: run.tournamentId } } },
          })
        ).length === roundsToScore,
      "every round scored",
    );
    for (const scope of scopes) {
      // Fresh as read: the state and the stored scoreboard in one poll (a score stored late, on a
      // slow machine, can make the scope stale again between two separate reads).
      const stored = await waitFor(
        async () => {
          const state = await scoreboardState(db, scope);
          if (state === null || !isFresh(state)) return undefined;
          const read = await readScoreboard(db, scope);
          return read.computed?.stale === false ? read : undefined;
        },
        `a fresh scoreboard for ${scope.tournamentId ?? "the examiner scope"}`,
      );
      expect(stored.computed).toMatchObject({ stale: false });
      expect(stored.controlled.battles).toBe(rated);
      expect(stored.metrics.map((m) => m.mode)).toEqual(["offline", "offline", "offline", null]);
      const { computed: _computed, ...scoreboard } = stored;
      expect(rounded(scoreboard)).toEqual(rounded(await computeScoreboard(db, scope)));
    }
    expect(await staleScoreboardScopes(db)).toEqual([]);
  });

  it("a score change marks the scopes stale; readers keep the last result, flagged stale, until a recomputation stores a new one", async () => {
    const match = await db.match.findFirstOrThrow({
      where: { tournamentId: run.tournamentId, status: "completed", rounds: { gt: 0 } },
      orderBy: { id: "asc" },
    });
    await stopWorkers(); // no worker recomputes behind the test's back from here on
    const before = await readScoreboard(db, { examinerConfigId: run.examinerConfigId, tournamentId: run.tournamentId });
    await db.reportScore.updateMany({ where: { round: { matchId: match.id }, metric: "claim_f1", side: "A" }, data: { value: 1 } });
    const scopes = await markScoreboardsStale(db, { matchId: match.id });
    expect(scopes).toEqual([
      { examinerConfigId: run.examinerConfigId, tournamentId: null },
      { examinerConfigId: run.examinerConfigId, tournamentId: run.tournamentId },
    ]);
    expect(new Set((await staleScoreboardScopes(db)).map((s) => s.tournamentId))).toEqual(new Set([null, run.tournamentId]));
    const stale = await readScoreboard(db, scopes[1]!);
    expect(stale.computed).toMatchObject({ stale: true, snapshotId: before.computed!.snapshotId });
    expect(stale.agents).toEqual(before.agents);

    const stored = await refreshScoreboard(db, scopes[1]!);
    expect(stored?.snapshotId).toBe(before.computed!.snapshotId);
    const after = await readScoreboard(db, scopes[1]!);
    expect(after.computed!.stale).toBe(false);
    const agentA = after.agents.find((a) => a.agentId === match.agentAId)!;
    expect(agentA.scores.claim_f1!.mean).toBeGreaterThan(before.agents.find((a) => a.agentId === match.agentAId)!.scores.claim_f1!.mean);
    expect(await staleScoreboardScopes(db)).toEqual([{ examinerConfigId: run.examinerConfigId, tournamentId: null }]);
  });
});
