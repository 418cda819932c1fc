import { describe, expect, it } from "vitest";
import { failureStats, histogram, skillGapVsRounds, verdictDistribution, type AnalysedRound } from "../src/index";

const R = (
  agentA: string,
  agentB: string,
  verdict: AnalysedRound["verdict"],
  loserFailureType: AnalysedRound["loserFailureType"] = "NONE",
  tieQuality: AnalysedRound["tieQuality"] = "N/A",
): AnalysedRound => ({
  agentA,
  agentB,
  verdict,
  loserFailureType,
  tieQuality,
});

const rounds = [
  R("x", "y", "[[A_BETTER]]", "DEEP"),
  R("y", "x", "[[A_MUCH_BETTER]]", "WIDE"),
  R("x", "y", "[[B_BETTER]]", "DEEP"),
  R("x", "y", "[[Tie]]", "NONE", "LOW"),
  R("x", "z", "[[A_BETTER]]", "BOTH"),
];

describe("analyses (§8)", () => {
  it("failure rate and failure profile per agent", () => {
    const [x, y, z] = failureStats(rounds);
    expect(x).toMatchObject({ agent: "x", rounds: 5, wins: 2, losses: 2, ties: 1, failureRate: 3 / 5 });
    expect(x!.lost).toEqual({ DEEP: 1, WIDE: 1, BOTH: 0, NONE: 0 });
    expect(x!.profile).toEqual({ deep: 0.5, wide: 0.5, both: 0 });
    expect(y).toMatchObject({ rounds: 4, wins: 2, losses: 1, ties: 1, failureRate: 0.5, profile: { deep: 1, wide: 0, both: 0 } });
    expect(z).toMatchObject({ rounds: 1, losses: 1, failureRate: 1, profile: { both: 1 } });
  });

  it("verdict and loser-failure distributions", () => {
    const d = verdictDistribution(rounds);
    expect(d.counts).toEqual({ MUCH_BETTER: 1, BETTER: 3, TIE_HIGH: 0, TIE_LOW: 1 });
    expect(d.shares.BETTER).toBeCloseTo(0.6, 12);
    expect(d.failureCounts).toEqual({ DEEP: 2, WIDE: 1, BOTH: 1, NONE: 0 });
    expect(d.failureShares.DEEP).toBe(0.5);
  });

  it("skill gap vs mean rounds per pair, with Pearson r", () => {
    const ratings = { a: 1100, b: 1000, c: 1050, d: 990 };
    const matches = [
      { agentA: "a", agentB: "b", rounds: 1 },
      { agentA: "b", agentB: "a", rounds: 2 },
      { agentA: "c", agentB: "b", rounds: 3 },
      { agentA: "b", agentB: "d", rounds: 5 },
      { agentA: "a", agentB: "e", rounds: 9 }, // unrated agent: left out
    ];
    const { points, correlation } = skillGapVsRounds(matches, ratings);
    expect(points).toEqual([
      { agents: ["b", "d"], gap: 10, meanRounds: 5, matches: 1 },
      { agents: ["b", "c"], gap: 50, meanRounds: 3, matches: 1 },
      { agents: ["a", "b"], gap: 100, meanRounds: 1.5, matches: 2 },
    ]);
    expect(correlation!.r).toBeLessThan(-0.9);
  });

  it("histogram of depth/width values", () => {
    expect(histogram([2, 3, 2, 8])).toEqual([
      { value: 2, count: 2 },
      { value: 3, count: 1 },
      { value: 8, count: 1 },
    ]);
  });
});
