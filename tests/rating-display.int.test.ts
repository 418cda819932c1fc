process.env.ARENA_QUEUE_PREFIX = `rating-display-${process.pid}`;
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { describeRating } from "@arena/core";
import { readLeaderboard, readTournament, type LeaderboardView } from "@arena/tournament/read";
import { LEADERBOARD_CSV_COLUMNS, leaderboardCsv } from "../apps/web/src/lib/api/csv";
import { freshDb } from "./helpers/arena";
import { arenaCommand } from "./helpers/web";
import { flushRedis } from "./tournament-fixtures";
import { plantUnbeaten } from "./unbeaten-fixture";

/**
 * One unbeaten agent through the text surfaces — `arena leaderboard` (text and --json), `arena
 * tournament status`, the leaderboard CSV — each saying what core describeRating says: the word
 * and the bound its record supports, with the flag beside any number that is not an estimate.
 */
describe("an unbeaten agent in the CLI and the CSV", () => {
  let db: PrismaClient;
  let planted: Awaited<ReturnType<typeof plantUnbeaten>>;
  let board: LeaderboardView;

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    planted = await plantUnbeaten(db);
    board = (await readLeaderboard(db, { tournament: planted.tournamentId }))!;
  }, 120_000);

  afterAll(async () => {
    await flushRedis();
    await db?.$disconnect();
  });

  const rowOf = (k: number) => board.rows.find((r) => r.agentId === planted.agentIds[k])!;

  it("the read flags it: unbeaten with a bound far below the fit's number, winless and finite agents beside it", () => {
    const u = rowOf(0);
    expect(u.unbounded?.side).toBe("unbeaten");
    expect(u.ratingFlag).toBe("unbeaten");
    expect(rowOf(7).ratingFlag).toBe("winless");
    for (const k of [1, 2, 3, 4, 5]) expect(["ok", "wide"]).toContain(rowOf(k).ratingFlag);
    expect(describeRating(u).text).toBe(`unbeaten, ≥ ${Math.round(u.unbounded!.bound!)}`);
    expect(Math.round(u.rating)).not.toBe(Math.round(u.unbounded!.bound!));
  });

  it("arena leaderboard prints the word and the bound, never the fit's number, and --json carries ratingFlag", async () => {
    const u = rowOf(0);
    const text = await arenaCommand(["leaderboard", "--tournament", planted.tournamentId]);
    expect(text.code, text.stderr).toBe(0);
    const line = text.stdout.split("\n").find((l) => l.includes(planted.names[0]!))!;
    expect(line).toContain(`unbeaten, ≥ ${Math.round(u.unbounded!.bound!)}`);
    expect(line).not.toContain(String(Math.round(u.rating)));
    expect(text.stdout.split("\n").find((l) => l.includes(planted.names[7]!))).toMatch(/winless, ≤ -?\d+/);
    expect(text.stdout).toContain("Ratings are relative: the mean of the agents fitted together is 1000");
    expect(text.stdout).toContain("unbeaten: never lost or tied against the rest");

    const json = await arenaCommand(["leaderboard", "--tournament", planted.tournamentId, "--json"]);
    const view = JSON.parse(json.stdout) as LeaderboardView;
    const row = view.rows.find((r) => r.agentId === planted.agentIds[0])!;
    // The existing fields stay (rating is still the fitted number); the flag says it is none.
    expect(row).toMatchObject({ rating: u.rating, lower: u.lower, upper: u.upper, unbounded: u.unbounded, ratingFlag: "unbeaten" });
  }, 60_000);

  it("arena tournament status words it the same way", async () => {
    const t = (await readTournament(db, planted.tournamentId))!;
    const u = t.ratings.find((r) => r.agentId === planted.agentIds[0])!;
    expect(u.ratingFlag).toBe("unbeaten");
    const out = await arenaCommand(["tournament", "status", planted.tournamentId]);
    expect(out.code, out.stderr).toBe(0);
    const line = out.stdout.split("\n").find((l) => l.includes(planted.names[0]!))!;
    expect(line).toContain(describeRating(u).text);
    expect(line).not.toContain(String(Math.round(u.rating)));
  }, 60_000);

  it("the CSV keeps its columns and puts rating_flag beside rating", () => {
    const lines = leaderboardCsv(board).trim().split("\r\n");
    const head = lines[0]!.split(",");
    expect(head).toEqual([...LEADERBOARD_CSV_COLUMNS]);
    expect(head.slice(0, 5)).toEqual(["rank", "agent", "rating", "rating_flag", "lower"]);
    const cells = (k: number) => lines.find((l) => l.split(",")[1] === planted.names[k])!.split(",");
    expect(cells(0)[3]).toBe("unbeaten");
    expect(Number(cells(0)[2])).toBe(rowOf(0).rating);
    expect(cells(7)[3]).toBe("winless");
    expect(["ok", "wide"]).toContain(cells(1)[3]);
  });
});
