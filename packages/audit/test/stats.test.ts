import { describe, expect, it } from "vitest";
import { cohensKappa, confusionMatrix, drawSample, percent, swapSeats } from "../src";

const repeat = <T>(pair: readonly [T, T], k: number) => Array.from({ length: k }, () => pair);

describe("Cohen's κ", () => {
  it("matches the hand-computed two-category example (p_o 0.7, p_e 0.5 → κ 0.4)", () => {
    const pairs = [
      ...repeat(["yes", "yes"] as const, 20),
      ...repeat(["yes", "no"] as const, 5),
      ...repeat(["no", "yes"] as const, 10),
      ...repeat(["no", "no"] as const, 15),
    ];
    expect(cohensKappa(pairs)).toBeCloseTo(0.4, 12);
  });

  it("matches a hand-computed three-category example (p_o 0.8, p_e 0.38 → κ 0.42/0.62)", () => {
    // rater 1: A 5, B 4, tie 1; rater 2: A 4, B 4, tie 2.
    const pairs = [
      ...repeat(["A", "A"] as const, 4),
      ...repeat(["B", "B"] as const, 3),
      ["tie", "tie"] as const,
      ["A", "B"] as const,
      ["B", "tie"] as const,
    ];
    expect(cohensKappa(pairs)).toBeCloseTo(0.42 / 0.62, 12);
  });

  it("is 1 for perfect agreement, 0 at chance, negative below, null without items", () => {
    expect(
      cohensKappa([
        ["A", "A"],
        ["B", "B"],
        ["tie", "tie"],
      ]),
    ).toBe(1);
    expect(
      cohensKappa([
        ["A", "A"],
        ["A", "A"],
      ]),
    ).toBe(1);
    expect(
      cohensKappa([
        ["A", "A"],
        ["A", "B"],
        ["B", "A"],
        ["B", "B"],
      ]),
    ).toBe(0);
    expect(
      cohensKappa([
        ["A", "B"],
        ["B", "A"],
      ]),
    ).toBe(-1);
    expect(cohensKappa([])).toBeNull();
  });
});

describe("report helpers", () => {
  it("counts a confusion matrix row by the first rater", () => {
    expect(
      confusionMatrix(
        ["A", "B"],
        [
          ["A", "A"],
          ["A", "B"],
          ["A", "B"],
          ["B", "B"],
        ],
      ),
    ).toEqual([
      [1, 2],
      [0, 1],
    ]);
  });

  it("gives shares with n", () => {
    expect(percent([1, 2, 3, 4], (x) => x > 1)).toEqual({ percent: 75, n: 4 });
    expect(percent([], () => true)).toEqual({ percent: null, n: 0 });
  });

  it("mirrors verdicts for swapped seats", () => {
    expect(swapSeats("A_MUCH_BETTER")).toBe("B_MUCH_BETTER");
    expect(swapSeats("B_BETTER")).toBe("A_BETTER");
    expect(swapSeats("TIE")).toBe("TIE");
  });
});

describe("sampling", () => {
  const candidates = Array.from({ length: 20 }, (_, i) => ({ roundId: `r${i}`, strata: [i < 16 ? "common" : "rare"] }));

  it("draws the same sample for the same seed, each round once, half of the items swapped", () => {
    const a = drawSample(candidates, 10, "s1", false);
    expect(drawSample(candidates, 10, "s1", false)).toEqual(a);
    expect(new Set(a.map((d) => d.roundId)).size).toBe(10);
    expect(a.filter((d) => d.seatsSwapped)).toHaveLength(5);
    expect(drawSample(candidates, 10, "s2", false).map((d) => d.roundId)).not.toEqual(a.map((d) => d.roundId));
  });

  it("stratified draws allocate equally until a stratum runs out", () => {
    const s = drawSample(candidates, 8, "s1", true);
    expect(s.filter((d) => d.stratum === "rare")).toHaveLength(4);
    expect(s.filter((d) => d.stratum === "common")).toHaveLength(4);
    const big = drawSample(candidates, 12, "s1", true);
    expect(big.filter((d) => d.stratum === "rare")).toHaveLength(4);
    expect(big).toHaveLength(12);
  });

  it("a round in two strata (two agents) is drawn once", () => {
    const two = [
      { roundId: "x", strata: ["a1", "a2"] },
      { roundId: "y", strata: ["a1", "a3"] },
    ];
    expect(
      drawSample(two, 5, "s", true)
        .map((d) => d.roundId)
        .sort(),
    ).toEqual(["x", "y"]);
  });
});

describe("reportedKappa", () => {
  it("is null (shown as —) below MIN_KAPPA_ITEMS, Cohen's κ from there on", async () => {
    const { MIN_KAPPA_ITEMS, reportedKappa } = await import("../src");
    expect(MIN_KAPPA_ITEMS).toBe(3);
    expect(reportedKappa([["A", "B"]])).toBeNull(); // cohensKappa would say 0
    expect(
      reportedKappa([
        ["A", "A"],
        ["B", "B"],
      ]),
    ).toBeNull();
    expect(
      reportedKappa([
        ["A", "A"],
        ["B", "B"],
        ["tie", "tie"],
      ]),
    ).toBe(1);
  });
});
