import { describe, expect, it } from "vitest";
import { aggregateBattles, computeRatings, describeRating, type Battle } from "../src";
import { rematchWindow } from "../src/pairing/placement";

/**
 * 'no win over the rest' / 'no loss to the rest' (unbounded.ts `shared`, rating-display.ts) from
 * a fitted record to the words, on both sides: unbounded.test.ts checks the winless group's flag and
 * rating-display.test.ts the words of hand-written rows; here the unbeaten mirror, a tie inside the
 * group, and the text the fit's rows get.
 */
const games = (a: string, b: string, winner: Battle["winner"], n: number): Battle[] =>
  Array.from({ length: n }, () => ({ model_a: a, model_b: b, winner }));

const fit = (battles: Battle[]) =>
  new Map(computeRatings(aggregateBattles(battles), { bootstrapRounds: 50, seed: 1 }).map((r) => [r.model, r]));

describe("an unbounded group's members, worded", () => {
  // x and y beat each other (a connected middle); p and q beat both.
  const above = [...games("x", "y", "model_a", 3), ...games("y", "x", "model_a", 3)].concat(
    ...["p", "q"].flatMap((top) => [games(top, "x", "model_a", 2), games(top, "y", "model_a", 2)]),
  );

  it("above the rest: the one that lost inside the group reads 'no loss to the rest', the one that never lost 'unbeaten'", () => {
    const by = fit([...above, ...games("q", "p", "model_a", 3)]);
    expect(by.get("p")!.unbounded).toMatchObject({ side: "unbeaten", shared: true });
    expect(by.get("q")!.unbounded).toMatchObject({ side: "unbeaten", shared: false });
    const p = describeRating(by.get("p")!);
    expect(p).toMatchObject({ flag: "unbeaten", value: "no loss to the rest" });
    expect(p.text).toMatch(/^no loss to the rest, ≥ -?\d+$/);
    expect(p.note).toContain("never lost to the rest");
    const q = describeRating(by.get("q")!);
    expect(q).toMatchObject({ flag: "unbeaten", value: "unbeaten" });
    expect(q.text).toMatch(/^unbeaten, ≥ -?\d+$/);
    // The bound counts only games against the rest, so both get the same one: four wins over x and
    // y (rated alike) make a rating R plausible down to σ(R − r)⁴ = 0.025, R = r + 400·log10(s/(1 − s)), s = 0.025^¼.
    expect(by.get("x")!.rating).toBeCloseTo(by.get("y")!.rating, 6);
    const s = 0.025 ** 0.25;
    const bound = by.get("x")!.rating + 400 * Math.log10(s / (1 - s));
    expect(by.get("p")!.unbounded!.bound!).toBeCloseTo(bound, 4);
    expect(by.get("q")!.unbounded!.bound!).toBeCloseTo(bound, 4);
  });

  it("a tie inside the group is half a loss each way: both read 'no loss to the rest'", () => {
    const by = fit([...above, ...games("p", "q", "tie", 2)]);
    for (const a of ["p", "q"]) {
      expect(by.get(a)!.unbounded).toMatchObject({ side: "unbeaten", shared: true });
      expect(describeRating(by.get(a)!).value).toBe("no loss to the rest");
    }
  });

  it("below the rest with a win inside the group: 'no win over the rest'; the one it beat stays 'winless'", () => {
    const below = [...games("x", "y", "model_a", 3), ...games("y", "x", "model_a", 3)].concat(
      ...["p", "q"].flatMap((low) => [games("x", low, "model_a", 2), games("y", low, "model_a", 2)]),
      games("p", "q", "model_a", 3),
    );
    const by = fit(below);
    expect(describeRating(by.get("p")!).text).toMatch(/^no win over the rest, ≤ -?\d+$/);
    expect(describeRating(by.get("q")!).text).toMatch(/^winless, ≤ -?\d+$/);
    expect(by.get("x")!.unbounded).toBeNull();
    expect(["ok", "wide"]).toContain(describeRating(by.get("x")!).flag);
  });
});

describe("continuous Swiss's window of recent opponents (docs/tournaments.md: ⌊(n − 1)/2⌋, at least one)", () => {
  it("known answers for 1 to 9 agents", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(rematchWindow)).toEqual([1, 1, 1, 1, 2, 2, 3, 3, 4]);
  });
});
