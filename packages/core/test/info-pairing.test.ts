import { describe, expect, it } from "vitest";
import {
  aggregateBattles,
  fisherCovariance,
  fitBradleyTerry,
  infoPairings,
  matchInformation,
  rankingUncertainty,
  type InfoPairingInput,
} from "../src";

/** n agents a0…, diagonal covariance `v` each (independent estimates). */
function input(theta: number[], v: number, over: Partial<InfoPairingInput> = {}): InfoPairingInput {
  const n = theta.length;
  const covariance = new Float64Array(n * n);
  for (let k = 0; k < n; k++) covariance[k * n + k] = v;
  return { agents: theta.map((_, k) => `a${k}`), theta, covariance, recentRounds: [], byes: {}, cooldown: 2, seed: 1, ...over };
}

const sorted = (pairs: [string, string][]) => pairs.map((p) => [...p].sort().join("-")).sort();

describe("information-seeking pairing", () => {
  it("counts an even pair of unknown order as half a wrong pair (known answer)", () => {
    expect(rankingUncertainty([0, 0], [1, 0, 0, 1])).toBeCloseTo(0.5, 12);
    // d = 1, v = 1 + 1: Φ(−1/√2) = 0.23975
    expect(rankingUncertainty([1, 0], [1, 0, 0, 1])).toBeCloseTo(0.23975, 5);
  });

  it("values a match between overlapping agents above one between separated agents", () => {
    const theta = [0, 0.1, 3];
    const cov = [0.2, 0, 0, 0, 0.2, 0, 0, 0, 0.2];
    expect(matchInformation(theta, cov, 0, 1)).toBeGreaterThan(5 * matchInformation(theta, cov, 0, 2));
    // two agents alone (θ_0 − θ_1 = d = −0.1, v = 0.4): after the match v' = v − I·v²/(1 + I·v) and
    // d moves by v(y − p)/(1 + I·v); U' averages Φ(−|d'|/√v') over the two outcomes.
    const d = -0.1;
    const p = 1 / (1 + Math.exp(0.1));
    const i = p * (1 - p);
    const after = 0.4 - (i * 0.16) / (1 + i * 0.4);
    const phi = (x: number) => 0.5 * (1 + erf(x / Math.SQRT2));
    const wrong = (dd: number, v: number) => phi(-Math.abs(dd) / Math.sqrt(v));
    const expected = p * wrong(d + (0.4 * (1 - p)) / (1 + i * 0.4), after) + (1 - p) * wrong(d - (0.4 * p) / (1 + i * 0.4), after);
    expect(matchInformation([0, 0.1], [0.2, 0, 0, 0.2], 0, 1)).toBeCloseTo(wrong(d, 0.4) - expected, 6);
    // equal estimates are worth a match (the outcome will separate them)
    expect(matchInformation([0, 0], [0.2, 0, 0, 0.2], 0, 1)).toBeGreaterThan(0.1);
  });

  it("with known θ values only the shrinking covariance (the oracle's design value, known answer)", () => {
    // d = −0.1, v = 0.4 → v' as above; θ does not move, so the gain is Φ(−0.1/√0.4) − Φ(−0.1/√v')
    const p = 1 / (1 + Math.exp(0.1));
    const i = p * (1 - p);
    const after = 0.4 - (i * 0.16) / (1 + i * 0.4);
    const phi = (x: number) => 0.5 * (1 + erf(x / Math.SQRT2));
    expect(matchInformation([0, 0.1], [0.2, 0, 0, 0.2], 0, 1, true)).toBeCloseTo(
      phi(-0.1 / Math.sqrt(0.4)) - phi(-0.1 / Math.sqrt(after)),
      6,
    );
    // equal known strengths: their order is a coin toss however many matches they play
    expect(matchInformation([0, 0], [0.2, 0, 0, 0.2], 0, 1, true)).toBe(0);
  });

  it("pairs the agents whose order is uncertain: neighbours in two separated clusters", () => {
    const r = infoPairings(input([0, 0.05, 4, 4.05], 0.1));
    expect(sorted(r.pairs)).toEqual(["a0-a1", "a2-a3"]);
    expect(r.bye).toBeNull();
    // higher θ first
    expect(r.pairs.every(([x, y]) => Number(x.slice(1)) > Number(y.slice(1)))).toBe(true);
  });

  it("does not rematch a pair within the cooldown while another partner is free", () => {
    const recentRounds = [
      [
        ["a0", "a1"],
        ["a2", "a3"],
      ] as [string, string][],
    ];
    const r = infoPairings(input([0, 0.05, 4, 4.05], 0.1, { recentRounds }));
    expect(sorted(r.pairs)).not.toContain("a0-a1");
    expect(r.rematches).toBe(0);
    // after the cooldown (two more rounds) the pair is preferred again
    const later = infoPairings(input([0, 0.05, 4, 4.05], 0.1, { recentRounds: [...recentRounds, [], []] }));
    expect(sorted(later.pairs)).toEqual(["a0-a1", "a2-a3"]);
  });

  it("rematches only when no other partner is left, and counts it", () => {
    const r = infoPairings(input([0, 0.05], 0.1, { recentRounds: [[["a0", "a1"]]] }));
    expect(r.pairs).toHaveLength(1);
    expect(r.rematches).toBe(1);
  });

  it("gives the bye to an agent with the fewest byes", () => {
    const r = infoPairings(input([0, 0.05, 0.1], 0.1, { byes: { a0: 1, a2: 1 } }));
    expect(r.bye).toBe("a1");
    expect(r.pairs).toHaveLength(1);
  });

  it("prefers the cheaper of two equally informative pairs when costs are given", () => {
    const base = input([0, 0.02, 0.04, 0.06], 0.1);
    const cost = (i: number, j: number) => (Math.min(i, j) === 0 && Math.max(i, j) === 1 ? 1 : 10);
    const r = infoPairings({ ...base, cost });
    expect(sorted(r.pairs)).toEqual(["a0-a1", "a2-a3"]);
  });

  it("fisherCovariance is the inverse of the penalised information (known answer: two agents, one win each)", () => {
    const data = aggregateBattles([
      { model_a: "x", model_b: "y", winner: "model_a" },
      { model_a: "y", model_b: "x", winner: "model_a" },
    ]);
    const fit = fitBradleyTerry(data, { ridge: 0.1 });
    const cov = fisherCovariance(data, fit.theta, { ridge: 0.1 });
    // θ = 0, H = [[0.5 + 0.1, −0.5], [−0.5, 0.5 + 0.1]]; det = 0.11
    expect(cov[0]).toBeCloseTo(0.6 / 0.11, 6);
    expect(cov[1]).toBeCloseTo(0.5 / 0.11, 6);
  });
});

/** Abramowitz–Stegun 7.1.26 (|error| < 1.5e-7), independent of the implementation's erfc. */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}

describe("placement of a new entrant", () => {
  it("targets the top, the middle and the bottom of the field in turn, nearest agent not met yet, and waits for it while it plays", async () => {
    const { placementPairs, placementQuantiles } = await import("../src");
    expect(placementQuantiles(3)).toEqual([1 / 6, 0.5, 5 / 6]);
    const ratings = { top: 1200, a: 1100, mid: 1000, b: 900, low: 800, c: 700 };
    const established = (busy: string[] = []) =>
      Object.entries(ratings).map(([agentId, rating]) => ({ agentId, rating, free: !busy.includes(agentId) }));
    const at = (placed: number, opponents: string[] = [], busy: string[] = []) =>
      placementPairs({ entrants: [{ agentId: "new", placed, opponents }], established: established(busy) });
    expect(at(0)).toEqual([["new", "a"]]); // field[floor(1/6·6)] = 1100
    expect(at(1)).toEqual([["new", "b"]]); // field[3] = 900
    expect(at(2)).toEqual([["new", "c"]]); // field[5] = 700
    expect(at(0, ["a"])).toEqual([["new", "top"]]); // already met: the nearest not met (top and mid tie at 100, the first wins)
    expect(at(3)).toEqual([]); // placed
    // The target is playing: the entrant waits for it instead of taking a free agent elsewhere in the field.
    expect(at(0, [], ["a"])).toEqual([]);
    expect(at(0, [], ["top", "mid"])).toEqual([["new", "a"]]);
    // two entrants with the same target: the first gets it, the second waits for it
    const two = placementPairs({
      entrants: [
        { agentId: "x", placed: 0, opponents: [] },
        { agentId: "y", placed: 0, opponents: [] },
      ],
      established: established(),
    });
    expect(two).toEqual([["x", "a"]]);
    // every established agent met: the nearest of all again
    expect(at(1, Object.keys(ratings))).toEqual([["new", "b"]]);
  });

  it("a pair just back from playing each other waits while others play, and may meet again once everyone is free", async () => {
    const { lastOpponents, withoutQuickRematches } = await import("../src");
    // Rounds overlap: a–b met in round 1 and again in round 3, c–d in round 2; then a–c in round 4.
    const last = lastOpponents([
      { a: "a", b: "b", round: 1 },
      { a: "c", b: "d", round: 2 },
      { a: "b", b: "a", round: 3 },
      { a: "a", b: "c", round: 4 },
    ]);
    expect(Object.fromEntries(last)).toEqual({ a: "c", b: "a", c: "a", d: "c" });
    const pairs: [string, string][] = [
      ["a", "b"],
      ["b", "d"],
      ["c", "d"],
    ];
    // b's last opponent was a, and d's was c: both pairs wait while someone is busy; b–d may play.
    expect(withoutQuickRematches(pairs, last, true)).toEqual([["b", "d"]]);
    expect(withoutQuickRematches(pairs, last, false)).toEqual(pairs);
  });
});
