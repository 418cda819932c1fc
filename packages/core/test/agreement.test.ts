import { describe, expect, it } from "vitest";
import {
  aggregateBattles,
  bootstrapRatings,
  computeRatings,
  kappaEstimate,
  PEOPLE_VERDICTS,
  kendallTauB,
  pairedRankAgreement,
  rankAgreement,
  replicateVectors,
  spearmanRho,
  verdictBattle,
  verdictOutcome,
  type Battle,
} from "../src/index";
import { Rng } from "../src/rng";

/** Paper Table 3: Search Arena Elo vs DR-Arena Elo for six agents. */
const SEARCH_ARENA = [1201, 1142, 1139, 1138, 1130, 1125];
const DR_ARENA = [1084, 1054, 1041, 958, 921, 942];

describe("Kendall's τ-b (reference values from scipy.stats.kendalltau)", () => {
  it("Table 3: τ = 0.8667", () => {
    expect(kendallTauB(SEARCH_ARENA, DR_ARENA)).toBeCloseTo(0.8666666666666666, 12);
  });
  it("ties on both sides", () => {
    expect(kendallTauB([1, 2, 2, 3, 4], [1, 3, 2, 2, 5])).toBeCloseTo(0.6666666666666666, 12);
  });
  it("a reversed ranking is −1, a constant side NaN", () => {
    expect(kendallTauB([1, 2, 3, 4, 5], [5, 4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(kendallTauB([1, 2, 3], [7, 7, 7])).toBeNaN();
  });
  it("Spearman is the existing ρ (0.943 on Table 3)", () => {
    expect(spearmanRho(SEARCH_ARENA, DR_ARENA)).toBeCloseTo(0.942857142857143, 12);
  });
});

describe("people's verdicts as battles", () => {
  it("the winner's seat wins whatever the margin; TIE is a tie", () => {
    expect(verdictBattle("x", "y", "A_MUCH_BETTER")).toEqual({ model_a: "x", model_b: "y", winner: "model_a" });
    expect(verdictBattle("x", "y", "A_BETTER").winner).toBe("model_a");
    expect(verdictBattle("x", "y", "TIE").winner).toBe("tie");
    expect(verdictBattle("x", "y", "B_BETTER").winner).toBe("model_b");
    expect(verdictBattle("x", "y", "B_MUCH_BETTER").winner).toBe("model_b");
    expect(PEOPLE_VERDICTS.map((v) => verdictOutcome(v))).toEqual(["A", "A", "tie", "B", "B"]);
  });
});

describe("Cohen's κ with a bootstrap interval", () => {
  it("hand-computed κ: p_o 0.7, p_e 0.41 → 0.4915", () => {
    const a = ["A", "A", "B", "tie", "A", "B", "B", "A", "tie", "A"];
    const b = ["A", "B", "B", "tie", "A", "B", "A", "A", "A", "A"];
    const k = kappaEstimate(
      a.map((x, i) => [x, b[i]!] as const),
      { rounds: 500, seed: 3 },
    )!;
    expect(k.value).toBeCloseTo(0.49152542372881347, 12);
    expect(k.lower).toBeLessThan(k.value);
    expect(k.upper).toBeGreaterThan(k.value);
    expect(k.upper).toBeLessThanOrEqual(1);
  });
  it("null without items; the same seed gives the same interval", () => {
    expect(kappaEstimate([])).toBeNull();
    const pairs = Array.from({ length: 40 }, (_, i) => [i % 3, i % 4 === 0 ? 0 : i % 3] as const);
    expect(kappaEstimate(pairs, { seed: 9, rounds: 200 })).toEqual(kappaEstimate(pairs, { seed: 9, rounds: 200 }));
  });
});

/** Battles among planted strengths (BT probabilities), drawn under a seed. */
function planted(strengths: readonly number[], perPair: number, seed: number): Battle[] {
  const rng = Rng.fromSeed(seed);
  const battles: Battle[] = [];
  for (let i = 0; i < strengths.length; i++) {
    for (let j = i + 1; j < strengths.length; j++) {
      const p = 1 / (1 + Math.exp(strengths[j]! - strengths[i]!));
      for (let k = 0; k < perPair; k++)
        battles.push({ model_a: `m${i}`, model_b: `m${j}`, winner: rng.float() < p ? "model_a" : "model_b" });
    }
  }
  return battles;
}

describe("ratings with their bootstrap replicates", () => {
  const data = aggregateBattles(planted([2, 1.2, 0.6, 0, -0.8, -1.5], 12, 5));

  it("rows equal computeRatings' under the same rounds and seed", () => {
    const b = bootstrapRatings(data, { rounds: 200, seed: 7 });
    expect(b.ratings).toEqual(computeRatings(data, { ci: "bootstrap", bootstrapRounds: 200, seed: 7 }));
  });

  it("the replicates' 2.5/97.5 % quantiles are the rows' bounds", () => {
    const b = bootstrapRatings(data, { rounds: 200, seed: 7 });
    for (const row of b.ratings) {
      const sorted = [...b.replicates.get(row.model)!].sort((x, y) => x - y);
      expect(sorted[0]!).toBeLessThanOrEqual(row.lower);
      expect(sorted.at(-1)!).toBeGreaterThanOrEqual(row.upper);
      expect(sorted.filter((v) => v < row.lower).length).toBeLessThanOrEqual(5);
    }
  });

  it("rank agreement against the planted order: ρ near 1 with an interval around it", () => {
    const b = bootstrapRatings(data, { rounds: 300, seed: 1 });
    const agents = ["m0", "m1", "m2", "m3", "m4", "m5"];
    const reference = [6, 5, 4, 3, 2, 1];
    const estimate = agents.map((a) => b.ratings.find((r) => r.model === a)!.rating);
    const agreement = rankAgreement(reference, estimate, replicateVectors(b, agents));
    expect(agreement.spearman.value).toBeCloseTo(spearmanRho(reference, estimate), 12);
    expect(agreement.kendall.value).toBeCloseTo(kendallTauB(reference, estimate), 12);
    expect(agreement.spearman.value).toBeGreaterThanOrEqual(0.9);
    expect(agreement.spearman.lower).toBeLessThanOrEqual(agreement.spearman.value);
    expect(agreement.spearman.upper).toBeGreaterThanOrEqual(agreement.spearman.value);
    expect(agreement.spearman.lower).toBeGreaterThan(0.5);
    expect(agreement.kendall.lower).toBeLessThanOrEqual(agreement.kendall.value);
  });

  it("with the reference's own replicates both sides' sampling shows: the interval widens, the value stays", () => {
    const agents = ["m0", "m1", "m2", "m3", "m4", "m5"];
    const people = bootstrapRatings(data, { rounds: 300, seed: 1 });
    const examiner = bootstrapRatings(aggregateBattles(planted([2, 1.2, 0.6, 0, -0.8, -1.5], 3, 9)), { rounds: 300, seed: 2 });
    const ratingOf = (b: typeof people, a: string) => b.ratings.find((r) => r.model === a)!.rating;
    const reference = agents.map((a) => ratingOf(examiner, a));
    const estimate = agents.map((a) => ratingOf(people, a));
    const fixed = rankAgreement(reference, estimate, replicateVectors(people, agents));
    const both = rankAgreement(reference, estimate, replicateVectors(people, agents), {
      referenceReplicates: replicateVectors(examiner, agents),
    });
    expect(both.spearman.value).toBe(fixed.spearman.value);
    expect(both.spearman.upper - both.spearman.lower).toBeGreaterThan(fixed.spearman.upper - fixed.spearman.lower);
    expect(() => rankAgreement(reference, estimate, replicateVectors(people, agents), { referenceReplicates: [] })).toThrow(RangeError);
  });

  it("a reversed reference gives a negative ρ and τ", () => {
    const b = bootstrapRatings(data, { rounds: 100, seed: 1 });
    const agents = ["m0", "m1", "m2", "m3", "m4", "m5"];
    const estimate = agents.map((a) => b.ratings.find((r) => r.model === a)!.rating);
    const agreement = rankAgreement([1, 2, 3, 4, 5, 6], estimate, replicateVectors(b, agents));
    expect(agreement.spearman.value).toBeLessThan(-0.8);
    expect(agreement.kendall.upper).toBeLessThan(0);
  });
});

describe("rank agreement of two fixed rankings", () => {
  it("Table 3: ρ 0.943 and τ 0.867 with intervals from resampled agents", () => {
    const a = pairedRankAgreement(SEARCH_ARENA, DR_ARENA, { rounds: 500, seed: 2 });
    expect(a.spearman.value).toBeCloseTo(0.942857142857143, 12);
    expect(a.kendall.value).toBeCloseTo(0.8666666666666666, 12);
    expect(a.spearman.lower).toBeLessThanOrEqual(a.spearman.value);
    expect(a.spearman.upper).toBeLessThanOrEqual(1);
    expect(a.kendall.lower).toBeLessThanOrEqual(a.kendall.value);
    expect(pairedRankAgreement(SEARCH_ARENA, DR_ARENA, { rounds: 500, seed: 2 })).toEqual(a);
  });
});
