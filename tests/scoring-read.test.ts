import { describe, expect, it } from "vitest";
import { meanInterval, verdictSide } from "@arena/scoring/read";

/** Known answers of the score reads' arithmetic (no database). */
describe("score intervals and verdict sides", () => {
  it("a single match gives an unbounded interval, whatever its number of rounds", () => {
    expect(meanInterval([[0.2, 0.4, 0.9]])).toEqual({ mean: 0.5, lower: null, upper: null });
  });

  it("the mean is over rounds; the bootstrap resamples matches and stays within the matches' means", () => {
    // matches with means 0 (2 rounds) and 1 (1 round): mean over rounds 1/3
    const r = meanInterval([[0, 0], [1]]);
    expect(r.mean).toBeCloseTo(1 / 3, 12);
    expect(r.lower).toBe(0);
    expect(r.upper).toBe(1);
    const same = meanInterval([[0.5], [0.5], [0.5]]);
    expect([same.lower, same.upper]).toEqual([0.5, 0.5]);
    expect(meanInterval([[0, 0], [1]])).toEqual(r); // fixed seed
  });

  it("a round's verdict side comes from its token, not the running score", () => {
    expect(verdictSide("[[A_MUCH_BETTER]]")).toBe("A");
    expect(verdictSide("[[B_BETTER]]")).toBe("B");
    expect(verdictSide("[[Tie]]")).toBe("tie");
    expect(verdictSide(null)).toBeNull();
  });
});
