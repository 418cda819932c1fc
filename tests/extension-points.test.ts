import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  EXAMINER_MODE_INFO,
  EXAMINER_MODES,
  infoRound,
  PAIRING_RULES,
  pairingRulesInWords,
  roundInWords,
  roundsHeading,
  swissPairings,
  TOURNAMENT_PAIRINGS,
  type PairingRule,
} from "@arena/core";
import { ExaminerMode, TournamentPairing } from "@arena/db";
import { EXAMINER_MODE_TABLE } from "@arena/match";
import { plantedSkills, runPairingRule } from "@arena/tournament";

/**
 * The extension points' tables: each closed set is the database enum of the same name, every
 * member has its row, and a rule written to the row type plugs in without touching the code
 * that reads the table (CONTRIBUTING.md's recipes).
 */

/** The members of `enum <name>` in prisma/schema.prisma, in order. */
function prismaEnum(name: string): string[] {
  const schema = readFileSync(new URL("../prisma/schema.prisma", import.meta.url), "utf8");
  const body = new RegExp(`^enum ${name} \\{([^}]*)\\}`, "m").exec(schema)?.[1];
  if (body === undefined) throw new Error(`no enum ${name} in prisma/schema.prisma`);
  return body
    .split("\n")
    .map((line) => line.replace(/\/\/.*$/, "").trim())
    .filter(Boolean);
}

describe("closed sets and the database's enums", () => {
  it("examiner modes: EXAMINER_MODES is enum ExaminerMode, in the schema and in the generated client", () => {
    expect([...EXAMINER_MODES].sort()).toEqual(prismaEnum("ExaminerMode").sort());
    expect([...EXAMINER_MODES].sort()).toEqual(Object.values(ExaminerMode).sort());
  });

  it("pairing rules: TOURNAMENT_PAIRINGS is enum TournamentPairing, in the schema and in the generated client", () => {
    expect([...TOURNAMENT_PAIRINGS].sort()).toEqual(prismaEnum("TournamentPairing").sort());
    expect([...TOURNAMENT_PAIRINGS].sort()).toEqual(Object.values(TournamentPairing).sort());
  });

  it("the enum reader sees a known enum whole (it would otherwise pass on an empty list)", () => {
    expect(prismaEnum("TournamentMode")).toEqual(["rounds", "continuous"]);
  });
});

describe("one row per member", () => {
  it("every examiner mode has what pages say of it and what the match package does with it", () => {
    expect(Object.keys(EXAMINER_MODE_INFO).sort()).toEqual([...EXAMINER_MODES].sort());
    expect(Object.keys(EXAMINER_MODE_TABLE).sort()).toEqual([...EXAMINER_MODES].sort());
  });

  it("the pairing table's rows are the closed set, in the console's order", () => {
    expect(Object.keys(PAIRING_RULES)).toEqual([...TOURNAMENT_PAIRINGS]);
  });

  it("what the table says is what pages and the CLI said before it existed", () => {
    expect(pairingRulesInWords()).toBe("swiss | info: the paper's Swiss (default) or information-seeking pairing");
    expect([roundsHeading("swiss"), roundsHeading("info")]).toEqual(["Swiss rounds", "Rounds"]);
    expect(roundInWords({ mode: "rounds", pairing: "swiss", currentRound: 2, swissRounds: 4 })).toBe("Swiss round 2 of 4");
    expect([EXAMINER_MODE_INFO.heuristic.standIn?.title, EXAMINER_MODE_INFO.llm.standIn]).toEqual(["Offline heuristic examiner.", null]);
  });
});

describe("a rule written to the row type plugs in", () => {
  /** A throwaway rule: agents in list order, neighbours paired, the last one out on an odd count. */
  const inOrder: PairingRule = {
    label: "in order",
    description: "neighbours in list order",
    roundName: "round",
    pair: ({ agents }) => ({
      pairs: Array.from({ length: Math.floor(agents.length / 2) }, (_, k): [string, string] => [agents[2 * k]!, agents[2 * k + 1]!]),
      bye: agents.length % 2 === 1 ? agents[agents.length - 1]! : null,
    }),
  };

  it("the pairing simulation plays matches under it until the budget is spent, pairing only neighbours", () => {
    const agents = plantedSkills(5, "in-order", 0.05);
    const run = runPairingRule(inOrder, agents, { trees: 4, budget: 200, seed: "in-order" });
    expect(run.matches).toBeGreaterThan(0);
    expect(run.agentCalls).toBeGreaterThanOrEqual(200);
    // Agents are "0"…"4": only 0–1 and 2–3 ever meet (seats alternate per tree); 4 sits out.
    const met = new Set(run.played.map((m) => [m.a, m.b].sort().join("-")));
    expect([...met].sort()).toEqual(["0-1", "2-3"]);
    expect(run.played.every((m) => m.calls % 2 === 0 && m.calls >= 2)).toBe(true);
  });

  it("the shipped rows pair as their functions did before the table: Swiss orders round 1 by the tournament's seed, information pairing by the round's", () => {
    const played = [
      { a: "a", b: "b", winner: "A" as const, calls: 6 },
      { a: "c", b: "d", winner: "tie" as const, calls: 20 },
      { a: "e", b: "a", winner: "B" as const, calls: 4 },
    ];
    const input = {
      agents: ["a", "b", "c", "d", "e"],
      ratings: { a: 1100, b: 950, c: 1000, d: 1000, e: 900 },
      played,
      pastPairings: played.map((m): [string, string] => [m.a, m.b]),
      recentRounds: [
        [
          ["a", "b"],
          ["c", "d"],
        ],
        [["e", "a"]],
      ] as [string, string][][],
      byes: { e: 1 },
      round: 1,
      seeds: { round: 11, tournament: 7 },
    };
    const swiss = (seed: number, round: number) =>
      swissPairings({ agents: input.agents, ratings: input.ratings, pastPairings: input.pastPairings, byes: input.byes, seed, round });
    expect(PAIRING_RULES.swiss.pair(input)).toMatchObject({ pairs: swiss(7, 1).pairs, bye: swiss(7, 1).bye });
    expect(PAIRING_RULES.swiss.pair({ ...input, round: 3 })).toMatchObject({ pairs: swiss(7, 3).pairs, bye: swiss(7, 3).bye });
    const info = infoRound({ agents: input.agents, played, recentRounds: input.recentRounds, byes: input.byes, seed: 11 });
    expect(PAIRING_RULES.info.pair(input)).toEqual(info);
    // Round 1 under the round's seed would pair differently, so the first comparison can tell the seeds apart.
    expect(swiss(11, 1).pairs).not.toEqual(swiss(7, 1).pairs);
  });
});
