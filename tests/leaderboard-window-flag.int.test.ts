process.env.ARENA_QUEUE_PREFIX ||= `window-flag-${process.pid}`;
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeRating } from "@arena/core/rating-display";
import type { PrismaClient } from "@arena/db";
import { readScopeWindowRatings, readWindowRatings, windowRatingsSchema } from "@arena/tournament/read";
import { freshDb } from "./helpers/arena";
import { draftTournament } from "./tournament-fixtures";

/**
 * The leaderboard's time window (`?window=30d`, `arena leaderboard --window 30d`) carries each
 * row's rating flag as the all-time rows do (the CSV's `rating_flag`): planted results in the
 * last 30 days where agent 0 beats everyone (unbeaten), agent 3 loses to everyone (winless) and
 * agents 1 and 2 split their two matches (finite ratings).
 */
describe("the window's rows", () => {
  let db: PrismaClient;
  let tournamentId: string;
  let examinerId: string;
  let agentIds: string[];

  beforeAll(async () => {
    db = await freshDb();
    const drafted = await draftTournament(db, { agents: 4, trees: 1, rounds: 2 });
    [tournamentId, examinerId, agentIds] = [drafted.tournament.id, drafted.config.id, drafted.agentIds];
    const results: [number, number][] = [
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [2, 1],
      [1, 3],
      [2, 3],
    ];
    for (const [n, [w, l]] of results.entries()) {
      await db.match.create({
        data: {
          tournamentId,
          treeId: drafted.treeIds[0]!,
          agentAId: agentIds[w]!,
          agentBId: agentIds[l]!,
          examinerConfigId: examinerId,
          examinerMode: drafted.config.mode,
          seed: `flag-${n}`,
          status: "completed",
          winner: "A",
          scoreA: 2,
          scoreB: 0,
          rounds: 2,
          finishedAt: new Date(Date.now() - 86_400_000 + n * 60_000),
        },
      });
    }
  }, 120_000);

  afterAll(async () => {
    await db?.$disconnect();
  });

  it("each carry ratingFlag, the flag describeRating gives the row: unbeaten, winless, and the finite ones", async () => {
    const windows = [await readWindowRatings(db, tournamentId, 30), (await readScopeWindowRatings(db, { examiner: examinerId }, 30))!];
    for (const w of windows) {
      expect(w.rows).toHaveLength(4);
      for (const r of w.rows) expect(r.ratingFlag, r.name).toBe(describeRating(r).flag);
      const flagOf = (k: number) => w.rows.find((r) => r.agentId === agentIds[k])!.ratingFlag;
      expect([flagOf(0), flagOf(3)]).toEqual(["unbeaten", "winless"]);
      expect(["ok", "wide"]).toContain(flagOf(1));
      // What GET /api/leaderboard?window=30d sends is this object as JSON: the flag survives the trip.
      expect(windowRatingsSchema.parse(JSON.parse(JSON.stringify(w))).rows.map((r) => r.ratingFlag)).toEqual(
        w.rows.map((r) => r.ratingFlag),
      );
    }
  });
});
