import { describe, expect, it } from "vitest";
import type { LeaderboardRow, LeaderboardView } from "@arena/tournament/read";
import { csvCell, leaderboardCsv } from "../../apps/web/src/lib/api/csv";

const row = (name: string, over: Partial<LeaderboardRow> = {}): LeaderboardRow => ({
  agentId: name,
  name,
  rank: 1,
  rating: 1012.5,
  lower: 980.25,
  upper: 1040,
  sandwich: null,
  elo: 1003,
  matches: 4,
  wins: 3,
  losses: 1,
  ties: 0,
  winRate: 0.75,
  rounds: {
    rounds: 10,
    wins: 6,
    losses: 3,
    ties: 1,
    failureRate: 0.4,
    lost: { DEEP: 1, WIDE: 1, BOTH: 1, NONE: 0 },
    profile: { deep: 1 / 3, wide: 1 / 3, both: 1 / 3 },
  },
  preliminary: true,
  research: {
    runs: 20,
    answered: 19,
    pricedRuns: 18,
    costUsd: 0.9,
    meanCostUsd: 0.05,
    tokenRuns: 18,
    meanTokens: 15_000,
    meanLatencyMs: 1_600,
  },
  unbounded: null,
  ratingFlag: "ok",
  organisation: null,
  model: null,
  submittedAt: null,
  ...over,
});

describe("leaderboard CSV", () => {
  it("quotes per RFC 4180 and keeps spreadsheet formulas in agent names as text", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a "quoted", name')).toBe('"a ""quoted"", name"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const lead of ["=", "+", "-", "@", "\t"]) expect(csvCell(`${lead}1+1`)).toBe(`'${lead}1+1`);
    expect(csvCell(-3.5)).toBe("-3.5"); // numbers are numbers, never prefixed
    expect(csvCell(null)).toBe("");
  });

  it("writes a header and one row per agent, empty cells for snapshots without round figures or spans, the flagged rate to two decimals", () => {
    const board = {
      rows: [
        row("=cmd|' /C calc'!A0", { flaggedPer1k: 2.3456 }),
        row("old", { rounds: null, research: null, preliminary: false, rank: 2 }),
      ],
    } as LeaderboardView;
    expect(leaderboardCsv(board).split("\r\n")).toEqual([
      "rank,agent,rating,rating_flag,lower,upper,elo,matches,wins,losses,ties,win_rate,rounds,failure_rate,deep,wide,both,preliminary,runs,cost_per_run_usd,priced_runs,time_per_run_ms,flagged_per_1k_words",
      `1,'=cmd|' /C calc'!A0,1012.5,ok,980.25,1040,1003,4,3,1,0,0.75,10,0.4,${1 / 3},${1 / 3},${1 / 3},true,20,0.05,18,1600,2.35`,
      "2,old,1012.5,ok,980.25,1040,1003,4,3,1,0,0.75,,,,,,false,,,,,",
      "",
    ]);
  });
});
