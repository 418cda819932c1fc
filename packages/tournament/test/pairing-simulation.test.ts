import { Rng } from "@arena/core";
import { describe, expect, it } from "vitest";
import { modelVerdict, plantedTheta, playModelMatch, runPairingRule, runPairingSimulation } from "../src/simulation/pairing-simulation";
import { plantedSkills, SKEW } from "../src/simulation/planted-simulation";

describe("the pairing simulation's match model", () => {
  it("judges item counts by the heuristic judge's rules (known answers at width 2)", () => {
    // both under half the entities: Tie LOW
    expect(modelVerdict({ d: 0, w: 2 }, { d: 0, w: 0 }, 2)).toMatchObject({ verdict: "[[Tie]]", tie_quality: "LOW" });
    // equal counts, both complete: Tie HIGH; incomplete: LOW
    expect(modelVerdict({ d: 2, w: 2 }, { d: 2, w: 2 }, 2)).toMatchObject({ verdict: "[[Tie]]", tie_quality: "HIGH" });
    expect(modelVerdict({ d: 1, w: 2 }, { d: 2, w: 1 }, 2)).toMatchObject({ verdict: "[[Tie]]", tie_quality: "LOW" });
    // complete winner against a loser with half the entities: MUCH_BETTER, loser DEEP
    expect(modelVerdict({ d: 2, w: 2 }, { d: 1, w: 2 }, 2)).toEqual({
      verdict: "[[A_MUCH_BETTER]]",
      tie_quality: "N/A",
      loser_failure_type: "DEEP",
    });
    // one fact more, winner incomplete: BETTER, loser WIDE
    expect(modelVerdict({ d: 1, w: 0 }, { d: 1, w: 1 }, 2)).toEqual({
      verdict: "[[B_BETTER]]",
      tie_quality: "N/A",
      loser_failure_type: "WIDE",
    });
  });

  it("a perfect agent beats a hopeless one in one round (mercy rule on MUCH_BETTER)", () => {
    const [weak, strong] = [
      { index: 0, p_depth: 0, p_width: 0, overall: 0, weaker: "DEEP" as const },
      { index: 1, p_depth: 1, p_width: 1, overall: 1, weaker: "DEEP" as const },
    ];
    // probabilities are clamped to [0.02, 0.98]: almost always one round
    const rng = Rng.fromSeed(7);
    const results = Array.from({ length: 50 }, () => playModelMatch(strong, weak, rng));
    expect(results.filter((m) => m.winner === "A").length).toBeGreaterThanOrEqual(48);
    expect(results.filter((m) => m.rounds === 1).length).toBeGreaterThanOrEqual(40);
  });

  it("plants skills `spread` apart around the middle of the range, each weaker on one dimension by SKEW", () => {
    const agents = plantedSkills(16, "s", 0.02);
    for (let k = 1; k < 16; k++) expect(agents[k]!.overall - agents[k - 1]!.overall).toBeCloseTo(0.02, 3);
    expect((agents[0]!.overall + agents[15]!.overall) / 2).toBeCloseTo(0.575, 3);
    for (const a of agents) expect(Math.abs(a.p_depth - a.p_width)).toBeCloseTo(SKEW, 3);
  });
});

describe("pairing rules under one budget of agent calls", () => {
  it("spends the budget and stops: calls exceed it by less than one round of matches", () => {
    const agents = plantedSkills(16, "b", 0.02);
    for (const rule of ["swiss", "info", "random", "oracle"] as const) {
      const r = runPairingRule(rule, agents, { trees: 12, budget: 300, seed: "b" });
      expect(r.agentCalls).toBeGreaterThanOrEqual(300);
      // a match lasts at most 10 rounds (20 calls); only the last started one can overrun
      expect(r.agentCalls).toBeLessThan(300 + 20);
      expect(r.matches).toBeGreaterThan(300 / 20);
    }
  });

  it("recovers a widely spread field: every rule reaches Spearman 0.95 on 8 agents 0.08 apart", () => {
    const rows = runPairingSimulation({
      agents: 8,
      trees: 4,
      spread: 0.08,
      pairings: ["swiss", "info", "random"],
      budget: 1500,
      repeats: 3,
      seed: "w",
    });
    expect(rows.map((r) => r.pairing)).toEqual(["swiss", "info", "random"]);
    for (const r of rows) {
      expect(Object.keys(r).sort()).toEqual(["agentCalls", "matches", "pairing", "spearman", "top3Exact"]);
      expect(r.spearman).toBeGreaterThan(0.95);
    }
  });

  it("gives the oracle θ in the planted order, evenly spaced, neighbours ~0.2 natural-log odds apart", () => {
    const theta = plantedTheta(plantedSkills(16, "o", 0.02), "o");
    const gaps = theta.slice(1).map((t, k) => t - theta[k]!);
    for (const g of gaps) expect(g).toBeCloseTo(gaps[0]!, 9);
    // close agents: neighbours win 53–57 % of their matches (a gap of 0.12–0.28)
    expect(gaps[0]).toBeGreaterThan(0.12);
    expect(gaps[0]).toBeLessThan(0.28);
    expect(theta.reduce((s, t) => s + t, 0)).toBeCloseTo(0, 9);
  });

  it("the oracle pairs on the truth: it ranks a close field at least as well as random pairing", () => {
    const rows = runPairingSimulation({
      agents: 16,
      trees: 12,
      spread: 0.02,
      pairings: ["oracle", "random"],
      budget: 600,
      repeats: 6,
      seed: "or",
    });
    expect(rows[0]!.spearman).toBeGreaterThan(rows[1]!.spearman);
  });

  it("is deterministic per seed and differs between seeds", () => {
    const run = (seed: string) =>
      runPairingSimulation({ agents: 6, trees: 3, spread: 0.02, pairings: ["info"], budget: 200, repeats: 2, seed });
    expect(run("x")).toEqual(run("x"));
    expect(run("x")).not.toEqual(run("y"));
  });
});
