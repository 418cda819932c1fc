import { describe, expect, it } from "vitest";
import { averageRanks, bootstrap, cohensKappa, pearson, quantileSorted, spearman } from "../src/index";

/** Paper Table 3: Search Arena Elo vs DR-Arena Elo for six agents. */
const SEARCH_ARENA = [1201, 1142, 1139, 1138, 1130, 1125];
const DR_ARENA = [1084, 1054, 1041, 958, 921, 942];

describe("correlations (reference values from scipy.stats)", () => {
  it("Table 3: Pearson 0.74, Spearman 0.94", () => {
    const p = pearson(SEARCH_ARENA, DR_ARENA);
    expect(p.r).toBeCloseTo(0.7365421062109062, 12);
    expect(p.p).toBeCloseTo(0.0949717783549069, 10);
    const s = spearman(SEARCH_ARENA, DR_ARENA);
    expect(s.r).toBeCloseTo(0.942857142857143, 12);
    expect(s.p).toBeCloseTo(0.004804664723032055, 10);
  });

  it("Pearson p-value matches the t distribution", () => {
    const p = pearson([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [2, 1, 4, 3, 7, 8, 6, 9, 12, 10]);
    expect(p.r).toBeCloseTo(0.9261797113999298, 12);
    expect(p.p).toBeCloseTo(0.00011876275128516728, 12);
  });

  it("Spearman uses average ranks for ties", () => {
    expect(averageRanks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
    const s = spearman([1, 2, 2, 3, 4], [1, 3, 2, 2, 5]);
    expect(s.r).toBeCloseTo(0.7631578947368421, 12);
    expect(s.p).toBeCloseTo(0.13333911953180624, 8);
  });

  it("perfect and constant inputs", () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toEqual({ r: 1, p: 0, n: 3 });
    expect(Number.isNaN(pearson([1, 1, 1], [1, 2, 3]).r)).toBe(true);
    expect(() => pearson([1, 2], [1, 2])).toThrow(/at least 3/);
  });
});

describe("Cohen's kappa", () => {
  it("matches a hand-computed example (po 4/6, pe 11/36 → 13/25)", () => {
    expect(cohensKappa(["a", "a", "b", "b", "c", "a"], ["a", "b", "b", "b", "c", "c"])).toBeCloseTo(0.52, 12);
  });
  it("is 1 for identical labels and 0 for chance agreement", () => {
    expect(cohensKappa(["x", "y", "x"], ["x", "y", "x"])).toBe(1);
    expect(cohensKappa(["x", "x", "y", "y"], ["x", "y", "x", "y"])).toBe(0);
  });
});

describe("bootstrap helper", () => {
  const data = Array.from({ length: 50 }, (_, i) => i % 7);
  const mean = (xs: readonly number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;

  it("is deterministic under a seed and brackets the estimate", () => {
    const a = bootstrap(data, mean, { rounds: 300, seed: 3 });
    expect(bootstrap(data, mean, { rounds: 300, seed: 3 })).toEqual(a);
    expect(bootstrap(data, mean, { rounds: 300, seed: 4 }).samples).not.toEqual(a.samples);
    expect(a.estimate).toBeCloseTo(mean(data), 12);
    expect(a.lower).toBeLessThan(a.estimate);
    expect(a.upper).toBeGreaterThan(a.estimate);
  });

  it("quantiles interpolate linearly", () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4, 5], 0.025)).toBeCloseTo(1.1, 12);
  });
});
