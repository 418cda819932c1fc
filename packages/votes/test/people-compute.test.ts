import { describe, expect, it } from "vitest";
import { kendallTauB, Rng, spearmanRho, PEOPLE_VERDICTS, type PeopleVerdict } from "@arena/core";
import { computePeople, type CountedVerdict } from "../src/people/compute";
import { MIN_AGENTS, MIN_VOTES, MIN_VOTES_PER_AGENT } from "../src/people/minimum";
import { peopleAgreementSchema, peopleRatingRowSchema } from "../src/people/schemas";
import { agreementLine } from "../src/people/line";

const AGENTS = ["a0", "a1", "a2", "a3", "a4", "a5"];
/** Planted strengths, strongest first (natural-log odds). */
const STRENGTH = [1.5, 0.9, 0.3, -0.3, -0.9, -1.5];

/** `n` verdicts on random pairs, the stronger side winning with BT probability; the examiner agrees. */
function verdicts(n: number, seed: number): CountedVerdict[] {
  const rng = Rng.fromSeed(seed);
  return Array.from({ length: n }, (_, k) => {
    const i = rng.int(AGENTS.length);
    const j = (i + 1 + rng.int(AGENTS.length - 1)) % AGENTS.length;
    const aWins = rng.float() < 1 / (1 + Math.exp(STRENGTH[j]! - STRENGTH[i]!));
    const verdict: PeopleVerdict = aWins ? "A_BETTER" : "B_BETTER";
    const examinerVerdict: PeopleVerdict = STRENGTH[i]! > STRENGTH[j]! ? "A_MUCH_BETTER" : "B_BETTER";
    return {
      roundId: `r${k}`,
      agentAId: AGENTS[i]!,
      agentBId: AGENTS[j]!,
      verdict,
      examinerVerdict,
      source: k % 10 === 0 ? "audit" : "vote",
    };
  });
}

const examiner = { examinerConfigId: "cfg", snapshotId: "snap", ratings: new Map(AGENTS.map((a, k) => [a, 1200 - 100 * k])) };
const leftOut = { owner: 1, excluded: 2, lowGold: 3, voided: 4 };
const names = new Map(AGENTS.map((a) => [a, a.toUpperCase()]));

describe("computePeople", () => {
  it("recovers the planted order and reports ρ, τ and κ with the counts behind them", () => {
    const input = verdicts(600, 1);
    const result = computePeople({ verdicts: input, examiner, names, leftOut, basis: "b1" });
    expect(result.votesCounted).toBe(600);
    expect(result.ratings.map((r) => r.agentId)).toEqual(AGENTS);
    expect(result.ratings[0]!.name).toBe("A0");
    for (const r of result.ratings) peopleRatingRowSchema.parse(r);
    const a = peopleAgreementSchema.parse(result.agreement);
    expect(a.enough).toBe(true);
    expect(a.agents).toBe(6);
    expect(a.votes).toBe(600);
    expect(a.sources).toEqual({ votes: 540, audits: 60 });
    expect(a.leftOut).toEqual(leftOut);
    expect(a.minimum).toEqual({ votesPerAgent: MIN_VOTES_PER_AGENT, agents: MIN_AGENTS, votes: MIN_VOTES });
    // ρ equals a direct computation over the stored ratings.
    const people = AGENTS.map((id) => result.ratings.find((r) => r.agentId === id)!.rating);
    const exam = AGENTS.map((id) => examiner.ratings.get(id)!);
    expect(a.spearman!.value).toBeCloseTo(spearmanRho(exam, people), 12);
    expect(a.kendall!.value).toBeCloseTo(kendallTauB(exam, people), 12);
    expect(a.spearman!.value).toBeGreaterThanOrEqual(0.9);
    expect(a.spearman!.lower).toBeLessThanOrEqual(a.spearman!.value);
    expect(a.spearman!.upper).toBeGreaterThanOrEqual(a.spearman!.value);
    expect(a.kappa!.n).toBe(600);
    expect(a.kappa!.value).toBeGreaterThan(0.2);
  });

  it("κ compares win/loss/tie: a margin that differs is agreement", () => {
    const same: CountedVerdict[] = Array.from({ length: MIN_VOTES }, (_, k) => ({
      roundId: `r${k}`,
      agentAId: "a0",
      agentBId: "a1",
      verdict: PEOPLE_VERDICTS[k % 2]!, // A_MUCH_BETTER / A_BETTER
      examinerVerdict: k < MIN_VOTES / 2 ? "A_BETTER" : "B_MUCH_BETTER",
      source: "vote",
    }));
    const { agreement } = computePeople({ verdicts: same, examiner, names, leftOut, basis: "b" });
    // The people always say A; the examiner says A half the time: κ = 0 (no agreement beyond chance).
    expect(agreement.kappa!.value).toBeCloseTo(0, 12);
  });

  it("below the minimum: no figures, the counts still given", () => {
    const few = verdicts(MIN_VOTES - 1, 2);
    const { agreement } = computePeople({ verdicts: few, examiner, names, leftOut, basis: "b" });
    expect(agreement.enough).toBe(false);
    expect(agreement.spearman).toBeNull();
    expect(agreement.kendall).toBeNull();
    expect(agreement.kappa).toBeNull();
    expect(agreement.kappaVotes).toBe(MIN_VOTES - 1);
  });

  it("agents the examiner has not rated, or with too few verdicts, are left out of ρ", () => {
    const input = verdicts(300, 3);
    const only = { ...examiner, ratings: new Map([...examiner.ratings].filter(([a]) => a !== "a5")) };
    const { agreement, ratings } = computePeople({ verdicts: input, examiner: only, names, leftOut, basis: "b" });
    expect(ratings).toHaveLength(6);
    expect(agreement.agents).toBe(5);
    expect(agreement.votes).toBe(input.filter((v) => v.agentAId !== "a5" && v.agentBId !== "a5").length);
    const lonely = [
      ...input,
      { roundId: "x", agentAId: "a0", agentBId: "new", verdict: "A_BETTER", examinerVerdict: null, source: "vote" } as const,
    ];
    const withNew = computePeople({
      verdicts: lonely,
      examiner: { ...examiner, ratings: new Map([...examiner.ratings, ["new", 900]]) },
      names,
      leftOut,
      basis: "b",
    });
    expect(withNew.agreement.agents).toBe(6);
  });

  it("without examiner ratings or verdicts: an empty board and no figures", () => {
    const none = computePeople({ verdicts: [], examiner: null, names, leftOut, basis: "b" });
    expect(none.ratings).toEqual([]);
    expect(none.agreement.enough).toBe(false);
    expect(none.agreement.examinerConfigId).toBeNull();
  });
});

describe("the header's agreement line", () => {
  const base = computePeople({ verdicts: verdicts(600, 1), examiner, names, leftOut, basis: "b" }).agreement;
  it("ρ with its interval to two places and the votes with thousands separated", () => {
    expect(agreementLine({ ...base, spearman: { value: 0.9123, lower: 0.781, upper: 0.9666 }, votes: 1240 })).toBe(
      "agrees with people: ρ 0.91 [0.78, 0.97], 1,240 votes",
    );
  });
  it("below the minimum, or without a snapshot: not enough votes yet", () => {
    expect(agreementLine({ ...base, enough: false, spearman: null })).toBe("not enough votes yet");
    expect(agreementLine(null)).toBe("not enough votes yet");
  });
});
