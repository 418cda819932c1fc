import { describe, expect, it } from "vitest";
import { binomial } from "../src/stats/binomial";
import { Rng } from "../src/rng";

/** Mean and variance of many draws against n·p and n·p·q, within 4 standard errors. */
describe("binomial sampler", () => {
  it.each([
    [20, 0.3],
    [100, 0.3],
    [100, 0.6],
    [1000, 0.05],
    [50_000, 0.42],
    [7, 0.9],
  ])("Binomial(%d, %d) has the right mean and variance", (n, p) => {
    const rng = Rng.fromSeed(n);
    const draws = 20_000;
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < draws; i++) {
      const x = binomial(rng, n, p);
      expect(Number.isInteger(x) && x >= 0 && x <= n).toBe(true);
      sum += x;
      sq += x * x;
    }
    const mean = sum / draws;
    const variance = sq / draws - mean * mean;
    const v = n * p * (1 - p);
    expect(Math.abs(mean - n * p)).toBeLessThan(4 * Math.sqrt(v / draws));
    // the sample variance's standard error is ≈ v·sqrt(2/draws) for these n
    expect(Math.abs(variance - v)).toBeLessThan(4 * v * Math.sqrt(2 / draws) + 0.05);
  });

  it("handles the edges", () => {
    const rng = Rng.fromSeed(1);
    expect([binomial(rng, 0, 0.5), binomial(rng, 10, 0), binomial(rng, 10, 1)]).toEqual([0, 0, 10]);
  });
});
