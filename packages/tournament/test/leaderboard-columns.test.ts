import { describe, expect, it } from "vitest";
import {
  LEADERBOARD_COLUMNS,
  LEADERBOARD_CSV_COLUMNS,
  LEADERBOARD_TABLE_LAYOUT,
  type LeaderboardColumn,
  REPORT_SCORES,
} from "@arena/tournament/columns";

const columns: readonly LeaderboardColumn[] = LEADERBOARD_COLUMNS;

/** The definitions every leaderboard surface renders: each one reachable, none named twice. */
describe("leaderboard column definitions", () => {
  it("give every column a surface: the table's layout, a CSV name or a terminal column", () => {
    const shown = new Set<string>(LEADERBOARD_TABLE_LAYOUT);
    const idle = columns.filter((c) => !shown.has(c.key) && c.csv === undefined && c.cli === undefined).map((c) => c.key);
    expect(idle).toEqual([]);
  });

  it("name each key, CSV column and table slot once, the report scores' slot included", () => {
    const twice = (xs: readonly string[]) => xs.filter((x, i) => xs.indexOf(x) !== i);
    expect(twice(columns.map((c) => c.key))).toEqual([]);
    expect(twice(LEADERBOARD_CSV_COLUMNS)).toEqual([]);
    expect(twice(LEADERBOARD_TABLE_LAYOUT)).toEqual([]);
    expect(LEADERBOARD_TABLE_LAYOUT).toContain(REPORT_SCORES);
  });

  it("fit each terminal header in its column's width", () => {
    for (const c of columns) if (c.cli) expect(c.cli.header.length, c.key).toBeLessThanOrEqual(c.cli.width);
  });
});
