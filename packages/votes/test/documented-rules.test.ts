import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { PeopleVerdict } from "@arena/core";
import { computePeople, type CountedVerdict } from "../src/people/compute";
import { MIN_AGENTS, MIN_VOTES, MIN_VOTES_PER_AGENT } from "../src/people/minimum";
import { GOLD, VOTE_LIMITS } from "../src/options";
import { belowGoldThreshold } from "../src/read/votes";

/**
 * The numbers docs/voting.md promises, pinned as numbers (the other tests read them through the
 * constants, so a changed constant would pass them all) and checked at their edges.
 */
const doc = readFileSync(new URL("../../../docs/voting.md", import.meta.url), "utf8").replace(/\s+/g, " ");

describe("the documented constants", () => {
  it("gold: 4 gold votes, agreement 0.6, served at ½ then 1/5", () => {
    expect(GOLD).toEqual({ minVotes: 4, minAgreement: 0.6, earlyRate: 0.5, rate: 0.2 });
    expect(doc).toContain("at least 4 gold votes");
    expect(doc).toContain("below 0.6");
    expect(doc).toContain("fewer than 4 gold rounds, a gold round is served with probability ½, afterwards with probability 1/5");
  });
  it("limits: 200 votes per account and 600 per address in any 24 hours", () => {
    expect(VOTE_LIMITS).toEqual({ perAccount: 200, perAddress: 600, windowMs: 86_400_000 });
    expect(doc).toContain("| votes per account | 200 in any 24 hours | 429 |");
    expect(doc).toContain("| votes from one client address (its keyed hash) | 600 in any 24 hours | 429 |");
  });
  it("the minimum: 3 agents with 5 verdicts each and 30 verdicts", () => {
    expect([MIN_AGENTS, MIN_VOTES_PER_AGENT, MIN_VOTES]).toEqual([3, 5, 30]);
    expect(doc).toContain("ρ and τ need **3 agents** with 5 counted verdicts each and **30 verdicts**");
  });
});

describe("the gold threshold at its edges", () => {
  it("below only with at least 4 gold votes and agreement under 0.6", () => {
    expect(belowGoldThreshold({ gold: 3, agreed: 0 })).toBe(false); // too few to judge
    expect(belowGoldThreshold({ gold: 4, agreed: 2 })).toBe(true); // 0.5: the always-one-seat voter
    expect(belowGoldThreshold({ gold: 4, agreed: 3 })).toBe(false); // 0.75
    expect(belowGoldThreshold({ gold: 5, agreed: 3 })).toBe(false); // exactly 0.6 is not below
    expect(belowGoldThreshold({ gold: 5, agreed: 2 })).toBe(true);
    expect(belowGoldThreshold({ gold: 10, agreed: 5 })).toBe(true);
    expect(belowGoldThreshold({ gold: 10, agreed: 6 })).toBe(false);
    expect(belowGoldThreshold({ gold: 0, agreed: 0 })).toBe(false);
  });
});

/** `n` verdicts going round the pairs of `agents`, the earlier agent always winning; the examiner agrees. */
function roundRobin(agents: readonly string[], n: number, from = 0): CountedVerdict[] {
  const pairs = agents.flatMap((a, i) => agents.slice(i + 1).map((b) => [a, b] as const));
  return Array.from({ length: n }, (_, k) => {
    const [a, b] = pairs[k % pairs.length]!;
    const verdict: PeopleVerdict = k % 4 === 3 ? "B_BETTER" : "A_BETTER"; // an upset now and then keeps ratings finite
    return { roundId: `r${from + k}`, agentAId: a, agentBId: b, verdict, examinerVerdict: "A_BETTER", source: "vote" };
  });
}

describe("the people's minimum at its edges", () => {
  const agents = ["p", "q", "r", "s"];
  const examiner = { examinerConfigId: "cfg", snapshotId: "snap", ratings: new Map(agents.map((a, k) => [a, 1300 - 100 * k])) };
  const run = (verdicts: CountedVerdict[]) =>
    computePeople({ verdicts, examiner, names: new Map(), leftOut: { owner: 0, excluded: 0, lowGold: 0, voided: 0 }, basis: "b" })
      .agreement;

  it("3 agents and 30 verdicts give figures; 29 verdicts do not", () => {
    const enough = run(roundRobin(["p", "q", "r"], 30));
    expect(enough).toMatchObject({ enough: true, agents: 3, votes: 30, kappaVotes: 30 });
    expect(enough.spearman).not.toBeNull();
    expect(enough.kappa).not.toBeNull();
    const short = run(roundRobin(["p", "q", "r"], 29));
    expect(short).toMatchObject({ enough: false, agents: 3, votes: 29, spearman: null, kendall: null, kappa: null });
  });

  it("2 agents are too few whatever the votes", () => {
    expect(run(roundRobin(["p", "q"], 60))).toMatchObject({ enough: false, agents: 2, votes: 60, spearman: null });
  });

  it("an agent enters ρ with 5 verdicts, not with 4", () => {
    const base = roundRobin(["p", "q", "r"], 30);
    const withS = (n: number) =>
      Array.from(
        { length: n },
        (_, k): CountedVerdict => ({
          roundId: `s${k}`,
          agentAId: "p",
          agentBId: "s",
          verdict: k === 0 ? "B_BETTER" : "A_BETTER",
          examinerVerdict: "A_BETTER",
          source: "vote",
        }),
      );
    expect(run([...base, ...withS(4)])).toMatchObject({ agents: 3, votes: 30 });
    expect(run([...base, ...withS(5)])).toMatchObject({ agents: 4, votes: 35 });
  });
});
