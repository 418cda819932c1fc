import { describe, expect, it } from "vitest";
import {
  aggregateBattles,
  agentRecords,
  BattleAggregator,
  bootstrapIntervals,
  btStrengths,
  computeRatings,
  fitBradleyTerry,
  onlineElo,
  drawMultinomial,
  Rng,
  sandwichIntervals,
  separationRanks,
  thetaToRating,
  type Battle,
  type BtData,
} from "../src/index";

/** Wikipedia "Bradley–Terry model" worked example: [winner, loser, times]. */
const WIKI: [string, string, number][] = [
  ["A", "B", 2],
  ["B", "A", 3],
  ["A", "D", 1],
  ["D", "A", 4],
  ["B", "C", 5],
  ["C", "B", 3],
  ["C", "D", 1],
  ["D", "C", 3],
];
const wikiBattles = (): Battle[] =>
  WIKI.flatMap(([w, l, n]) => Array.from({ length: n }, () => ({ model_a: w, model_b: l, winner: "model_a" as const })));

/** Battles among agents with planted strengths (log-odds scale), seeded. */
function planted(strengths: number[], battles: number, seed: number, tieRate = 0.1): Battle[] {
  const rng = Rng.fromSeed(seed);
  return Array.from({ length: battles }, () => {
    const i = rng.int(strengths.length);
    let j = rng.int(strengths.length - 1);
    if (j >= i) j++;
    const u = rng.float();
    const pA = (1 - tieRate) / (1 + Math.exp(strengths[j]! - strengths[i]!));
    const winner = u < tieRate ? "tie" : u < tieRate + pA ? "model_a" : "model_b";
    return { model_a: `m${i}`, model_b: `m${j}`, winner } as Battle;
  });
}

describe("Bradley–Terry", () => {
  it("reproduces the Wikipedia worked example to three significant figures", () => {
    const data = aggregateBattles(wikiBattles());
    const fit = fitBradleyTerry(data);
    expect(fit.converged).toBe(true);
    const s = Object.fromEntries(data.agents.map((a, k) => [a, Number(btStrengths(fit.theta)[k]!.toPrecision(3))]));
    expect(s).toEqual({ A: 0.64, B: 1.04, C: 0.66, D: 2.27 });
  });

  it("aggregates in one pass into per-pair counts, orientation-free", () => {
    const agg = new BattleAggregator();
    agg.add("x", "y", 1);
    agg.add("y", "x", 1);
    agg.add("y", "x", 0.5);
    agg.addBattle({ model_a: "x", model_b: "y", winner: "tie (bothbad)" });
    const data = agg.result();
    expect(data.i.length).toBe(1);
    expect(Array.from(data.counts)).toEqual([1, 2, 1]);
    expect(agentRecords(data)).toEqual([
      { games: 4, wins: 1, losses: 1, ties: 2 },
      { games: 4, wins: 1, losses: 1, ties: 2 },
    ]);
    expect(() => agg.add("x", "x", 1)).toThrow(/itself/);
  });

  it("fits the aggregated counts to the same θ as battle-by-battle rows", () => {
    const battles = planted([0, 0.5, -0.4, 1.2], 400, 7);
    const agg = aggregateBattles(battles);
    const index = new Map(agg.agents.map((a, k) => [a, k]));
    const perBattle: BtData = {
      agents: agg.agents,
      i: Int32Array.from(battles, (b) => index.get(b.model_a)!),
      j: Int32Array.from(battles, (b) => index.get(b.model_b)!),
      counts: Float64Array.from(
        battles.flatMap((b) => (b.winner === "model_a" ? [1, 0, 0] : b.winner === "model_b" ? [0, 0, 1] : [0, 1, 0])),
      ),
    };
    const a = fitBradleyTerry(agg).theta;
    const b = fitBradleyTerry(perBattle).theta;
    for (const [k, v] of a.entries()) expect(v).toBeCloseTo(b[k]!, 8);
  });

  it("recovers planted strengths and centres ratings at 1000", () => {
    const strengths = [-1, -0.3, 0, 0.4, 0.9];
    const data = aggregateBattles(planted(strengths, 20_000, 3, 0));
    const theta = fitBradleyTerry(data).theta;
    const mean = strengths.reduce((s, v) => s + v, 0) / strengths.length;
    for (const [k, a] of data.agents.entries()) expect(theta[k]!).toBeCloseTo(strengths[Number(a.slice(1))]! - mean, 1);
    const ratings = Array.from(theta, thetaToRating);
    expect(ratings.reduce((s, v) => s + v, 0) / ratings.length).toBeCloseTo(1000, 6);
  });

  it("keeps an unbeaten agent finite and disconnected groups centred", () => {
    const data = aggregateBattles([
      { model_a: "p", model_b: "q", winner: "model_a" },
      { model_a: "r", model_b: "s", winner: "model_b" },
      { model_a: "r", model_b: "s", winner: "tie" },
    ]);
    const fit = fitBradleyTerry(data);
    expect(fit.converged).toBe(true);
    const [p, q, r, s] = Array.from(fit.theta);
    expect(Number.isFinite(p)).toBe(true);
    expect(p! + q!).toBeCloseTo(0, 6);
    expect(r! + s!).toBeCloseTo(0, 6);
    expect(p!).toBeGreaterThan(q!);
    expect(s!).toBeGreaterThan(r!);
  });
});

describe("confidence intervals and ranks", () => {
  const data = aggregateBattles(planted([0, 0.2, 0.4, 1.5, -1], 3000, 11));
  const theta = fitBradleyTerry(data).theta;

  it("bootstrap intervals contain the estimate and are deterministic under a seed", () => {
    const x = bootstrapIntervals(data, theta, { rounds: 200, seed: 5 });
    const y = bootstrapIntervals(data, theta, { rounds: 200, seed: 5 });
    const z = bootstrapIntervals(data, theta, { rounds: 200, seed: 6 });
    expect(Array.from(x.lower)).toEqual(Array.from(y.lower));
    expect(Array.from(x.upper)).toEqual(Array.from(y.upper));
    expect(Array.from(x.lower)).not.toEqual(Array.from(z.lower));
    theta.forEach((t, k) => {
      expect(x.lower[k]!).toBeLessThan(thetaToRating(t));
      expect(x.upper[k]!).toBeGreaterThan(thetaToRating(t));
    });
  });

  it("resamples the observed number of battles, in proportion to the observed rows", () => {
    const rng = Rng.fromSeed(11);
    const counts = Float64Array.from([0, 30, 10, 60, 0]);
    const out = new Float64Array(counts.length);
    const sums = new Float64Array(counts.length);
    for (let i = 0; i < 2000; i++) {
      drawMultinomial(counts, 100, out, rng);
      expect(out.reduce((s, v) => s + v, 0)).toBe(100);
      out.forEach((v, c) => {
        sums[c]! += v;
      });
    }
    expect([sums[0], sums[4]]).toEqual([0, 0]); // unobserved rows are never drawn
    // standard errors of these means are ≈ 0.1: allow 4 of them
    expect(Math.abs(sums[1]! / 2000 - 30)).toBeLessThan(0.4);
    expect(Math.abs(sums[3]! / 2000 - 60)).toBeLessThan(0.45);
  });

  it("sandwich intervals contain the estimate and agree in size with the bootstrap", () => {
    const sw = sandwichIntervals(data, theta);
    const bs = bootstrapIntervals(data, theta, { rounds: 400, seed: 2 });
    theta.forEach((t, k) => {
      const r = thetaToRating(t);
      expect(sw.lower[k]!).toBeLessThan(r);
      expect(sw.upper[k]!).toBeGreaterThan(r);
      const ratio = (sw.upper[k]! - sw.lower[k]!) / (bs.upper[k]! - bs.lower[k]!);
      expect(ratio).toBeGreaterThan(0.7);
      expect(ratio).toBeLessThan(1.4);
    });
  });

  it("bootstraps on aggregated counts as resampling battle by battle does", () => {
    // The per-battle bootstrap, written out: draw the battles with replacement, fit each resample.
    const battles = planted([0, 0.3, -0.5, 0.9], 2000, 17);
    const agg = aggregateBattles(battles);
    const index = new Map(agg.agents.map((a, k) => [a, k]));
    const full = fitBradleyTerry(agg).theta;
    const rounds = 600;
    const rng = Rng.fromSeed(23);
    const samples = agg.agents.map(() => new Float64Array(rounds));
    for (let r = 0; r < rounds; r++) {
      const resample = new BattleAggregator();
      for (let n = 0; n < battles.length; n++) resample.addBattle(battles[rng.int(battles.length)]!);
      const data = resample.result();
      const theta = fitBradleyTerry(data).theta;
      data.agents.forEach((a, k) => {
        samples[index.get(a)!]![r] = thetaToRating(theta[k]!);
      });
    }
    const perBattle = samples.map((col) => {
      const sorted = Float64Array.from(col).sort();
      return { lower: sorted[Math.floor(0.025 * rounds)]!, upper: sorted[Math.floor(0.975 * rounds)]! };
    });
    const aggregated = bootstrapIntervals(agg, full, { rounds, seed: 29 });
    // Same point ratings: computeRatings on the aggregated counts equals the per-battle fit.
    const perBattleRows: BtData = {
      agents: agg.agents,
      i: Int32Array.from(battles, (b) => index.get(b.model_a)!),
      j: Int32Array.from(battles, (b) => index.get(b.model_b)!),
      counts: Float64Array.from(
        battles.flatMap((b) => (b.winner === "model_a" ? [1, 0, 0] : b.winner === "model_b" ? [0, 0, 1] : [0, 1, 0])),
      ),
    };
    const byBattle = fitBradleyTerry(perBattleRows).theta;
    const rows = computeRatings(agg, { bootstrapRounds: rounds, seed: 29 });
    for (const row of rows) expect(row.rating).toBeCloseTo(thetaToRating(byBattle[index.get(row.model)!]!), 6);
    // Intervals within Monte-Carlo noise: interval ends of 600 rounds wander by ~10 % of the width.
    agg.agents.forEach((_, k) => {
      const width = perBattle[k]!.upper - perBattle[k]!.lower;
      expect((aggregated.upper[k]! - aggregated.lower[k]!) / width).toBeGreaterThan(0.85);
      expect((aggregated.upper[k]! - aggregated.lower[k]!) / width).toBeLessThan(1.15);
      expect(Math.abs(aggregated.lower[k]! - perBattle[k]!.lower)).toBeLessThan(0.15 * width);
      expect(Math.abs(aggregated.upper[k]! - perBattle[k]!.upper)).toBeLessThan(0.15 * width);
    });
  });

  it("ranks by interval separation", () => {
    expect(separationRanks([10, 3, 0], [20, 12, 4])).toEqual([1, 1, 2]);
    expect(separationRanks([10, 13, 0], [20, 15, 4])).toEqual([1, 1, 3]);
  });

  it("computeRatings returns sorted leaderboard rows with records", () => {
    const rows = computeRatings(aggregateBattles(wikiBattles()), { ci: "sandwich" });
    expect(rows.map((r) => r.model)).toEqual(["D", "B", "C", "A"]);
    expect(rows[0]).toMatchObject({ model: "D", games: 9, wins: 7, losses: 2, ties: 0, rank: 1 });
    for (const r of rows) expect(r.lower).toBeLessThan(r.rating);
    const boot = computeRatings(aggregateBattles(wikiBattles()), { bootstrapRounds: 100, seed: 1 });
    expect(boot.map((r) => r.rating)).toEqual(rows.map((r) => r.rating));
  });
});

describe("online Elo", () => {
  it("updates in time order with K = 4 from 1000", () => {
    const { ratings, history } = onlineElo([
      { model_a: "a", model_b: "b", winner: "model_a" },
      { model_a: "b", model_b: "a", winner: "tie" },
    ]);
    expect(history[0]).toEqual({ index: 0, model_a: "a", model_b: "b", rating_a: 1002, rating_b: 998 });
    const expectedB = 1 / (1 + 10 ** ((1002 - 998) / 400));
    expect(ratings.get("b")).toBeCloseTo(998 + 4 * (0.5 - expectedB), 10);
    expect(ratings.get("a")! + ratings.get("b")!).toBeCloseTo(2000, 10);
  });
});

describe("the rating scale", () => {
  it("is 400/ln 10 rating points per unit of log-odds, centred on 1000", () => {
    expect(thetaToRating(0)).toBe(1000);
    expect(thetaToRating(Math.log(10))).toBeCloseTo(1400, 10);
    expect(thetaToRating(-Math.log(10) / 2)).toBeCloseTo(800, 10);
  });

  it("turns a 3:1 record into 400·log10(3) points between two agents", () => {
    const battles: Battle[] = [
      ...Array.from({ length: 3 }, () => ({ model_a: "a", model_b: "b", winner: "model_a" as const })),
      { model_a: "a", model_b: "b", winner: "model_b" as const },
    ];
    const rows = computeRatings(aggregateBattles(battles), { ci: "sandwich", ridge: 1e-12 });
    const rating = Object.fromEntries(rows.map((r) => [r.model, r.rating]));
    expect(rating.a! - rating.b!).toBeCloseTo(400 * Math.log10(3), 6);
    expect(rating.a! + rating.b!).toBeCloseTo(2000, 6);
  });
});
