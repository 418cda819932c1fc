import { describe, expect, it } from "vitest";
import {
  controlledRatings,
  markdownStyle,
  Rng,
  styleCovariates,
  STYLE_COVARIATES,
  thetaToRating,
  type ControlledBattle,
} from "../src/index";

/** Battles from a known model: planted strengths θ and coefficients β, covariates uniform in [−1, 1]. */
function simulate(theta: number[], beta: number[], battles: number, seed: number): ControlledBattle[] {
  const rng = Rng.fromSeed(seed);
  const out: ControlledBattle[] = [];
  for (let r = 0; r < battles; r++) {
    const a = rng.int(theta.length);
    let b = rng.int(theta.length - 1);
    if (b >= a) b++;
    const x = beta.map(() => 2 * rng.float() - 1);
    const eta = theta[a]! - theta[b]! + x.reduce((s, v, c) => s + v * beta[c]!, 0);
    const p = 1 / (1 + Math.exp(-eta));
    const u = rng.float();
    // A tenth of the battles near the coin flip are ties, as the examiner declares some.
    const outcome = Math.abs(u - p) < 0.05 ? 0.5 : u < p ? 1 : 0;
    out.push({ a: `m${a}`, b: `m${b}`, outcome, x });
  }
  return out;
}

describe("style- and citation-controlled Bradley–Terry", () => {
  const theta = [-0.6, -0.2, 0, 0.3, 0.5];
  const beta = [0.8, 0.5, 1.2, -0.4];
  const fit = controlledRatings(simulate(theta, beta, 20000, 12), { names: STYLE_COVARIATES, bootstrapRounds: 60, seed: 3 });

  it("recovers the planted coefficients within 0.1, each inside its bootstrap interval", () => {
    expect(fit.converged).toBe(true);
    fit.coefficients.forEach((c, i) => {
      expect(c.name).toBe(STYLE_COVARIATES[i]);
      expect(Math.abs(c.value - beta[i]!)).toBeLessThan(0.1);
      expect(c.lower).toBeLessThan(beta[i]!);
      expect(c.upper).toBeGreaterThan(beta[i]!);
    });
  });

  it("recovers the planted strengths (centred) within 25 rating points, in the planted order", () => {
    const mean = theta.reduce((a, b) => a + b, 0) / theta.length;
    expect(fit.ratings.map((r) => r.model)).toEqual(["m4", "m3", "m2", "m1", "m0"]);
    for (const r of fit.ratings) {
      const planted = thetaToRating(theta[Number(r.model.slice(1))]! - mean);
      expect(Math.abs(r.rating - planted)).toBeLessThan(25);
      expect(r.lower).toBeLessThanOrEqual(r.rating);
      expect(r.upper).toBeGreaterThanOrEqual(r.rating);
    }
  });

  it("attributes a style-only advantage to the coefficient, not to the agent", () => {
    // Equal agents; A is longer and wins more only because length is rewarded.
    const battles = simulate([0, 0], [1, 0, 0, 0], 4000, 5);
    const r = controlledRatings(battles, { names: STYLE_COVARIATES, bootstrapRounds: 20, seed: 1 });
    expect(Math.abs(r.ratings[0]!.rating - r.ratings[1]!.rating)).toBeLessThan(30);
    expect(r.coefficients[0]!.value).toBeGreaterThan(0.8);
  });

  it("builds covariates as normalised differences", () => {
    const a = { words: 300, citations: 6, supportedShare: 0.5, markdownDensity: 4 };
    const b = { words: 100, citations: 2, supportedShare: 1, markdownDensity: 0 };
    expect(styleCovariates(a, b)).toEqual([0.5, 0.5, -0.5, 1]);
    expect(styleCovariates({ ...a, supportedShare: null }, b)[2]).toBe(0);
    expect(markdownStyle("# Title\n\n- **one** two\n- three four")).toEqual({ words: 8, markdownDensity: (100 * 4) / 8 });
  });
});
