import { describe, expect, it } from "vitest";
import { kappaEstimate, kendallTauB, spearmanRho } from "../src/index";
import { Rng } from "../src/rng";

/**
 * The people's agreement figures (ρ, τ-b, κ) checked two ways beyond agreement.test.ts: more
 * known answers with ties (scipy 1.17 spearmanr / kendalltau; κ by hand), and equality with
 * independent textbook implementations written here on random rankings full of ties.
 */

/** Average ranks (1-based), ties sharing the mean of the ranks they span. */
function averageRanks(v: readonly number[]): number[] {
  const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(v.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]![0] === order[start]![0]) end++;
    for (let k = start; k <= end; k++) ranks[order[k]![1]] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return ranks;
}

function pearson(x: readonly number[], y: readonly number[]): number {
  const mean = (v: readonly number[]) => v.reduce((s, a) => s + a, 0) / v.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** τ-b by the tie-group formula: (C − D) / √((n₀ − n₁)(n₀ − n₂)), n₁ = Σ t(t−1)/2 over x's tie groups. */
function tauBByGroups(x: readonly number[], y: readonly number[]): number {
  const tiePairs = (v: readonly number[]) => {
    const counts = new Map<number, number>();
    for (const a of v) counts.set(a, (counts.get(a) ?? 0) + 1);
    return [...counts.values()].reduce((s, t) => s + (t * (t - 1)) / 2, 0);
  };
  let s = 0;
  for (let i = 0; i < x.length; i++) for (let j = 0; j < i; j++) s += Math.sign(x[i]! - x[j]!) * Math.sign(y[i]! - y[j]!);
  const n0 = (x.length * (x.length - 1)) / 2;
  return s / Math.sqrt((n0 - tiePairs(x)) * (n0 - tiePairs(y)));
}

/** Cohen's κ from the confusion table: (p_o − p_e) / (1 − p_e). */
function kappaByTable(a: readonly string[], b: readonly string[]): number {
  const labels = [...new Set([...a, ...b])];
  const agree = a.filter((x, i) => x === b[i]).length / a.length;
  const chance = labels.reduce(
    (s, l) => s + (a.filter((x) => x === l).length / a.length) * (b.filter((x) => x === l).length / b.length),
    0,
  );
  return (agree - chance) / (1 - chance);
}

describe("rank correlations with ties: known answers (scipy.stats 1.17)", () => {
  it("ties on both sides: ρ 0.134715, τ-b 0.130410", () => {
    const x = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3];
    const y = [2, 7, 1, 8, 2, 8, 1, 8, 2, 8];
    expect(spearmanRho(x, y)).toBeCloseTo(0.13471506281091267, 12);
    expect(kendallTauB(x, y)).toBeCloseTo(0.13041013273932525, 12);
  });
  it("a coarse side (three tie groups) against a strict order: ρ 0.925820, τ-b 0.845154", () => {
    const x = [1, 2, 3, 4, 5, 6, 7];
    const y = [1, 1, 1, 2, 2, 2, 3];
    expect(spearmanRho(x, y)).toBeCloseTo(0.9258200997725515, 12);
    expect(kendallTauB(x, y)).toBeCloseTo(0.8451542547285166, 12);
    // Symmetric in its arguments.
    expect(kendallTauB(y, x)).toBeCloseTo(0.8451542547285166, 12);
    expect(spearmanRho(y, x)).toBeCloseTo(0.9258200997725515, 12);
  });
});

describe("Cohen's κ on win/loss/tie: a hand-computed answer", () => {
  it("8 of 12 agree, marginals 5/4/3 and 4/5/3: κ = 47/95", () => {
    const examiner = ["A", "A", "B", "tie", "B", "A", "tie", "tie", "B", "A", "A", "B"];
    const people = ["A", "B", "B", "tie", "A", "A", "tie", "B", "B", "A", "tie", "B"];
    // p_o = 8/12, p_e = (5·4 + 4·5 + 3·3)/144 = 49/144, κ = (96 − 49)/(144 − 49).
    const k = kappaEstimate(
      examiner.map((e, i) => [e, people[i]!] as const),
      { rounds: 50, seed: 1 },
    )!;
    expect(k.value).toBeCloseTo(47 / 95, 12);
  });
  it("perfect agreement is 1; one rater's constant labels give 0", () => {
    const labels = ["A", "B", "tie", "A", "B"];
    expect(kappaEstimate(labels.map((l) => [l, l] as const))!.value).toBeCloseTo(1, 12);
    expect(kappaEstimate(labels.map((l) => [l, "A"] as const))!.value).toBeCloseTo(0, 12);
  });
});

describe("equal to independent implementations on random rankings with ties", () => {
  const rng = Rng.fromSeed(2024);
  const cases = Array.from({ length: 200 }, () => {
    const n = 3 + rng.int(12);
    const levels = 2 + rng.int(6); // few levels, so ties are common
    const x = Array.from({ length: n }, () => rng.int(levels));
    const y = Array.from({ length: n }, () => rng.int(levels));
    return { x, y };
  });
  const defined = cases.filter(({ x, y }) => new Set(x).size > 1 && new Set(y).size > 1);

  it("most drawn cases have ties and are defined (the check is not vacuous)", () => {
    expect(defined.length).toBeGreaterThan(150);
    expect(defined.filter(({ x }) => new Set(x).size < x.length).length).toBeGreaterThan(150);
  });

  it("ρ equals Pearson on average ranks", () => {
    for (const { x, y } of defined) expect(spearmanRho(x, y)).toBeCloseTo(pearson(averageRanks(x), averageRanks(y)), 10);
  });

  it("τ-b equals the tie-group formula", () => {
    for (const { x, y } of defined) expect(kendallTauB(x, y)).toBeCloseTo(tauBByGroups(x, y), 10);
  });

  it("a constant side gives NaN for both", () => {
    expect(spearmanRho([1, 2, 3, 4], [5, 5, 5, 5])).toBeNaN();
    expect(kendallTauB([5, 5, 5, 5], [1, 2, 3, 4])).toBeNaN();
  });

  it("κ equals the confusion-table formula", () => {
    const outcomes = ["A", "B", "tie"];
    for (let c = 0; c < 100; c++) {
      const n = 5 + rng.int(40);
      const a = Array.from({ length: n }, () => outcomes[rng.int(3)]!);
      const b = a.map((x) => (rng.float() < 0.6 ? x : outcomes[rng.int(3)]!));
      const expected = kappaByTable(a, b);
      if (!Number.isFinite(expected)) continue;
      expect(
        kappaEstimate(
          a.map((x, i) => [x, b[i]!] as const),
          { rounds: 1, seed: 1 },
        )!.value,
      ).toBeCloseTo(expected, 10);
    }
  });
});
