import { describe, expect, it } from "vitest";
import {
  aggregateBattles,
  computeRatings,
  describeRating,
  RATING_FLAGS,
  RATING_MEAN,
  RATING_SCALE_NOTE,
  WIDE_INTERVAL,
  type Battle,
} from "../src";

const games = (a: string, b: string, winner: Battle["winner"], n: number): Battle[] =>
  Array.from({ length: n }, () => ({ model_a: a, model_b: b, winner }));

describe("describeRating", () => {
  it("shows an unbeaten agent as the word and its bound, never the fit's number, and plots it at the bound", () => {
    const d = describeRating({ rating: 2437.87, lower: 2348.9, upper: 3946.5, unbounded: { side: "unbeaten", bound: 927.2 } });
    expect(d).toMatchObject({ flag: "unbeaten", value: "unbeaten", detail: "≥ 927", text: "unbeaten, ≥ 927" });
    expect(d.text).not.toContain("2438");
    expect(d.plot).toEqual({ value: 927.2, lower: 927.2, upper: null, marker: "atLeast" });
    expect(d.note).toContain("927");
  });

  it("mirrors it for a winless agent, and draws nothing when no bound exists", () => {
    const w = describeRating({ rating: -900, lower: -2000, upper: -850, unbounded: { side: "winless", bound: 610.4 } });
    expect(w).toMatchObject({
      flag: "winless",
      text: "winless, ≤ 610",
      plot: { value: 610.4, lower: null, upper: 610.4, marker: "atMost" },
    });
    const none = describeRating({ rating: 3000, lower: 2900, upper: 3100, unbounded: { side: "unbeaten", bound: null } });
    expect(none).toMatchObject({ flag: "unbeaten", detail: "", text: "unbeaten (no bound)", plot: null });
  });

  it("says 'no win over the rest' (flag still winless) for an agent that won, only against agents below the rest like it", () => {
    // The live demo showed a 31-16 agent as "winless, ≤ 1350": its wins were all against the other agent of its group.
    const w = describeRating({ rating: -158, lower: -641, upper: -7, unbounded: { side: "winless", bound: 1350.2, shared: true } });
    expect(w).toMatchObject({ flag: "winless", value: "no win over the rest", text: "no win over the rest, ≤ 1350" });
    expect(w.note).toContain("its only wins and ties are against agents that, like it, never beat the rest");
    const u = describeRating({ rating: 3000, lower: 2900, upper: 3100, unbounded: { side: "unbeaten", bound: 1800, shared: true } });
    expect(u).toMatchObject({ flag: "unbeaten", text: "no loss to the rest, ≥ 1800" });
  });

  it("flags an interval more than WIDE_INTERVAL points on a side as wide, in the text too", () => {
    const wide = describeRating({ rating: 917, lower: 28, upper: 2624, unbounded: null });
    expect(wide).toMatchObject({
      flag: "wide",
      text: "917 +1707/−889 (wide)",
      plot: { value: 917, lower: 28, upper: 2624, marker: "point" },
    });
    // Exactly at the threshold is not wide; one point past it is, on either side.
    expect(describeRating({ rating: 1000, lower: 1000 - WIDE_INTERVAL, upper: 1000 + WIDE_INTERVAL }).flag).toBe("ok");
    expect(describeRating({ rating: 1000, lower: 1000 - WIDE_INTERVAL - 1, upper: 1010 }).flag).toBe("wide");
  });

  it("shows an ordinary rating as number and spread, negative ones included", () => {
    expect(describeRating({ rating: 1012.4, lower: 974, upper: 1057, unbounded: null })).toMatchObject({
      flag: "ok",
      text: "1012 +45/−38",
      value: "1012",
      detail: "+45/−38",
    });
    expect(describeRating({ rating: -120.2, lower: -300, upper: 10 }).text).toBe("-120 +130/−180");
    expect(RATING_SCALE_NOTE).toContain(String(RATING_MEAN));
  });

  it("describes every agent of a real fit: the unbeaten one by its bound, the others by their numbers", () => {
    const battles = [
      ...games("x", "y", "model_a", 4),
      ...games("x", "z", "model_a", 4),
      ...games("y", "z", "model_a", 3),
      ...games("z", "y", "model_a", 2),
    ];
    const rows = computeRatings(aggregateBattles(battles), { bootstrapRounds: 100, seed: 1 });
    const flags = new Map(
      rows.map((r) => [r.model, describeRating({ rating: r.rating, lower: r.lower, upper: r.upper, unbounded: r.unbounded })]),
    );
    const x = flags.get("x")!;
    expect(x.flag).toBe("unbeaten");
    expect(x.text).toMatch(/^unbeaten, ≥ \d+$/);
    expect(x.text).not.toContain(Math.round(rows.find((r) => r.model === "x")!.rating).toString());
    for (const m of ["y", "z"]) expect(["ok", "wide"]).toContain(flags.get(m)!.flag);
    expect(RATING_FLAGS).toEqual(["ok", "wide", "unbeaten", "winless"]);
  });
});
