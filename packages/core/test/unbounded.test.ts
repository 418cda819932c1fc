import { describe, expect, it } from "vitest";
import { aggregateBattles, computeRatings, predictedWinProbability, unboundedEstimates, type Battle } from "../src";

const games = (a: string, b: string, winner: Battle["winner"], n: number): Battle[] =>
  Array.from({ length: n }, () => ({ model_a: a, model_b: b, winner }));

describe("unboundedEstimates", () => {
  it("names an unbeaten and a winless agent and leaves a connected middle finite", () => {
    // x beats y and z; y and z beat each other; w loses to y and z.
    const battles = [
      ...games("x", "y", "model_a", 4),
      ...games("x", "z", "model_a", 4),
      ...games("y", "z", "model_a", 3),
      ...games("z", "y", "model_a", 2),
      ...games("y", "w", "model_a", 3),
      ...games("w", "z", "model_b", 3),
    ];
    const rows = computeRatings(aggregateBattles(battles), { bootstrapRounds: 100, seed: 1 });
    const by = new Map(rows.map((r) => [r.model, r]));
    expect(by.get("x")!.unbounded?.side).toBe("unbeaten");
    expect(by.get("w")!.unbounded?.side).toBe("winless");
    expect(by.get("y")!.unbounded).toBeNull();
    expect(by.get("z")!.unbounded).toBeNull();
    // The bound sits on the right side of the finite agents it played, far from the ridge's number.
    const x = by.get("x")!;
    const finite = [by.get("y")!.rating, by.get("z")!.rating];
    expect(x.unbounded!.bound!).toBeGreaterThan(Math.min(...finite));
    expect(x.unbounded!.bound!).toBeLessThan(x.rating);
    expect(by.get("w")!.unbounded!.bound!).toBeLessThan(Math.max(...finite));
  });

  it("solves the sweep equation: one win against a 1000 agent at 2.5 % gives 1000 − 400·log10(39)", () => {
    // Three agents so one finite pair exists: a beats b once; b and c split.
    const battles = [...games("a", "b", "model_a", 1), ...games("b", "c", "model_a", 1), ...games("c", "b", "model_a", 1)];
    const data = aggregateBattles(battles);
    const ratings = data.agents.map((m) => (m === "a" ? 5000 : 1000));
    const u = unboundedEstimates(data, ratings);
    const a = u[data.agents.indexOf("a")]!;
    expect(a.side).toBe("unbeaten");
    // σ(d·ln10/400) = 0.025 ⇔ 10^(d/400) = 1/39 ⇔ d = −400·log10(39).
    expect(a.bound!).toBeCloseTo(1000 - 400 * Math.log10(39), 6);
    expect(u[data.agents.indexOf("b")]).toBeNull();
  });

  it("a tie joins agents: two agents that only tied each other are finite", () => {
    const data = aggregateBattles(games("a", "b", "tie", 3));
    expect(unboundedEstimates(data, [1000, 1000])).toEqual([null, null]);
  });

  it("an agent that only beat another unbounded agent has no bound to give", () => {
    const data = aggregateBattles(games("a", "b", "model_a", 2));
    expect(unboundedEstimates(data, [1500, 500])).toEqual([
      { side: "unbeaten", bound: null, shared: false },
      { side: "winless", bound: null, shared: false },
    ]);
  });

  it("a group below the rest: the agent that beat its like is 'shared' (it did win), the one that never won is not", () => {
    // x and y beat each other; p and q lose to both; p beat q three times, q never won.
    const battles = [
      ...games("x", "y", "model_a", 3),
      ...games("y", "x", "model_a", 3),
      ...games("x", "p", "model_a", 2),
      ...games("y", "p", "model_a", 2),
      ...games("x", "q", "model_a", 2),
      ...games("y", "q", "model_a", 2),
      ...games("p", "q", "model_a", 3),
    ];
    const rows = computeRatings(aggregateBattles(battles), { bootstrapRounds: 50, seed: 1 });
    const by = new Map(rows.map((r) => [r.model, r]));
    expect(by.get("p")!.unbounded).toMatchObject({ side: "winless", shared: true });
    expect(by.get("q")!.unbounded).toMatchObject({ side: "winless", shared: false });
    expect(by.get("x")!.unbounded).toBeNull();
  });
});

describe("predictedWinProbability", () => {
  it("400 points apart is 10:1, equal ratings are even", () => {
    expect(predictedWinProbability(1400, 1000)).toBeCloseTo(10 / 11, 12);
    expect(predictedWinProbability(1000, 1400)).toBeCloseTo(1 / 11, 12);
    expect(predictedWinProbability(1234, 1234)).toBe(0.5);
  });
});
