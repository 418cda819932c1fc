import { describe, expect, it } from "vitest";
import type { JudgedRound, RatedMatch } from "../src/index";
import {
  battlesOf,
  dominantFailure,
  fitRatings,
  plantedSkills,
  randomSchedule,
  roundRobinSchedule,
  simulationReport,
  SKEW,
  treesForPairing,
} from "../src/index";

describe("treesForPairing", () => {
  it("plays every tree in tournament order when K covers them", () => {
    expect(treesForPairing(["a", "b", "c"], 3, 7)).toEqual(["a", "b", "c"]);
    expect(treesForPairing(["a", "b", "c"], 5, 0)).toEqual(["a", "b", "c"]);
  });
  it("rotates K consecutive trees so trees are used evenly", () => {
    const trees = ["t0", "t1", "t2", "t3", "t4"];
    expect(treesForPairing(trees, 2, 0)).toEqual(["t0", "t1"]);
    expect(treesForPairing(trees, 2, 2)).toEqual(["t4", "t0"]);
    const uses = new Map<string, number>();
    for (let p = 0; p < 5; p++) for (const t of treesForPairing(trees, 2, p)) uses.set(t, (uses.get(t) ?? 0) + 1);
    expect([...uses.values()]).toEqual([2, 2, 2, 2, 2]);
  });
});

const match = (id: string, a: string, b: string, winner: RatedMatch["winner"]): RatedMatch => ({
  id,
  agentAId: a,
  agentBId: b,
  winner,
  rounds: 3,
  finishedAt: null,
});

describe("fitRatings (one battle per match)", () => {
  it("reproduces the Wikipedia Bradley–Terry example on the rating scale", () => {
    const results: [string, string, number][] = [
      ["A", "B", 2],
      ["B", "A", 3],
      ["A", "D", 1],
      ["D", "A", 4],
      ["B", "C", 5],
      ["C", "B", 3],
      ["C", "D", 1],
      ["D", "C", 3],
    ];
    let k = 0;
    const matches = results.flatMap(([w, l, n]) => Array.from({ length: n }, () => match(`m${k++}`, w, l, "A")));
    const rows = fitRatings(matches, new Map([["A", "alpha"]]), 100);
    const rating = (id: string) => rows.find((r) => r.agentId === id)!.rating;
    const expected = { A: 0.64, B: 1.043, C: 0.66, D: 2.27 };
    for (const [id, strength] of Object.entries(expected)) expect(rating(id)).toBeCloseTo(1000 + 400 * Math.log10(strength), 0);
    expect(rows[0]!.agentId).toBe("D");
    expect(rows.find((r) => r.agentId === "A")!.name).toBe("alpha");
    expect(rows.find((r) => r.agentId === "A")!.games).toBe(2 + 3 + 1 + 4);
    for (const r of rows) expect(r.lower).toBeLessThanOrEqual(r.upper);
  });
  it("adds sandwich intervals around each rating that narrow with ten times the evidence", () => {
    // x wins two of every three matches against y.
    const games = (n: number) => Array.from({ length: n }, (_, k) => match(`m${k}`, "x", "y", k % 3 === 2 ? "B" : "A"));
    const sandwichOfX = (rows: ReturnType<typeof fitRatings>) => rows.find((r) => r.agentId === "x")!.sandwich!;
    const [few, many] = [fitRatings(games(12), new Map(), 100), fitRatings(games(120), new Map(), 100)];
    for (const r of [...few, ...many]) expect(r.sandwich!.lower < r.rating && r.rating < r.sandwich!.upper).toBe(true);
    const span = (s: { lower: number; upper: number }) => s.upper - s.lower;
    // Standard errors shrink as 1/√n: ten times the matches, about √10 ≈ 3.2 times narrower.
    expect(span(sandwichOfX(few)) / span(sandwichOfX(many))).toBeGreaterThan(2.5);
  });
  it("maps match winners to battles, ties included", () => {
    expect(battlesOf([match("1", "x", "y", "B"), match("2", "y", "x", "tie")]).map((b) => b.winner)).toEqual(["model_b", "tie"]);
  });
});

describe("planted skills and baseline schedules", () => {
  it("spreads distinct overall skills with half the agents weaker on depth, half on width", () => {
    const planted = plantedSkills(8, "s");
    const overall = planted.map((p) => p.overall);
    expect([...overall].sort((a, b) => a - b)).toEqual(overall);
    expect(new Set(overall).size).toBe(8);
    expect(planted.filter((p) => p.weaker === "DEEP")).toHaveLength(4);
    for (const p of planted) {
      expect(p.weaker === "DEEP" ? p.p_width - p.p_depth : p.p_depth - p.p_width).toBeCloseTo(SKEW, 2);
      expect((p.p_depth + p.p_width) / 2).toBeCloseTo(p.overall, 2);
    }
    expect(plantedSkills(8, "s")).toEqual(planted);
  });
  it("round robin cycles through every pair evenly", () => {
    const schedule = roundRobinSchedule(8, 10, 160);
    const perPair = new Map<string, number>();
    for (const m of schedule) {
      expect(m.a).not.toBe(m.b);
      const key = [m.a, m.b].sort().join("-");
      perPair.set(key, (perPair.get(key) ?? 0) + 1);
    }
    expect(perPair.size).toBe(28);
    expect(Math.max(...perPair.values()) - Math.min(...perPair.values())).toBe(1);
  });
  it("round robin gives a pair a different tree on each cycle, even when the pair count is a multiple of the tree count", () => {
    const schedule = roundRobinSchedule(8, 4, 56); // 28 pairs, 4 trees, 2 cycles
    const trees = new Map<string, number[]>();
    for (const m of schedule) {
      const key = [m.a, m.b].sort().join("-");
      trees.set(key, [...(trees.get(key) ?? []), m.tree]);
    }
    for (const [first, second] of trees.values()) expect(second).not.toBe(first);
  });
  it("random pairing never pairs an agent with itself and is seeded", () => {
    const schedule = randomSchedule(5, 3, 200, "x");
    expect(schedule.every((m) => m.a !== m.b && m.tree >= 0 && m.tree < 3)).toBe(true);
    expect(randomSchedule(5, 3, 200, "x")).toEqual(schedule);
    expect(randomSchedule(5, 3, 200, "y")).not.toEqual(schedule);
  });
});

describe("simulationReport", () => {
  const planted = plantedSkills(3, "r").map((p, i) => ({ ...p, agentId: `a${i}`, name: `sim:r:${i}` }));
  const lost = (loser: "A" | "B", a: string, b: string, failure: JudgedRound["loserFailureType"]): JudgedRound => ({
    agentA: a,
    agentB: b,
    verdict: loser === "A" ? "[[B_BETTER]]" : "[[A_BETTER]]",
    tieQuality: "N/A",
    loserFailureType: failure,
    depth: 2,
    width: 2,
  });
  it("scores rank recovery, failure recovery and the rounds-vs-gap correlation", () => {
    const weak = (i: number) => planted[i]!.weaker;
    const rounds = [
      lost("A", "a0", "a2", weak(0)),
      lost("A", "a0", "a1", weak(0)),
      lost("A", "a1", "a2", weak(1)),
      lost("B", "a0", "a2", weak(2) === "DEEP" ? "WIDE" : "DEEP"),
    ];
    const ratings = planted.map((p) => ({
      agentId: p.agentId,
      name: p.name,
      rating: 1000 + 100 * p.index,
      lower: 0,
      upper: 2000,
      rank: 1,
      games: 2,
      wins: 1,
      losses: 1,
      ties: 0,
      elo: 1000,
    }));
    const matches = [match("m1", "a0", "a1", "B"), match("m2", "a1", "a2", "B"), { ...match("m3", "a0", "a2", "B"), rounds: 1 }];
    const report = simulationReport({
      agents: planted,
      swiss: { ratings, matches, rounds },
      roundRobin: ratings.map((r) => ({ ...r, rating: 2000 - r.rating })),
      random: ratings,
    });
    expect(report.spearman).toBeCloseTo(1, 9);
    expect(report.spearman_random).toBeCloseTo(1, 9);
    expect(report.spearman_round_robin).toBeCloseTo(-1, 9);
    expect(report.matches).toBe(3);
    expect(report.failure_recovered).toBe(2);
    expect(report.agents.map((a) => a.recovered)).toEqual([true, true, false]);
    expect(report.rounds_gap_pearson).toBeLessThan(0); // the widest gap (a0–a2) took the fewest rounds
    expect(dominantFailure(undefined)).toBe("NONE");
  });
});
