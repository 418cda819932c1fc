import { describe, expect, it } from "vitest";
import { Rng, seatsForTree, swissPairings, swissRoundCount, type SwissInput, type SwissRound } from "../src/index";

const key = (x: string, y: string) => [x, y].sort().join("|");

/** Exact check for small fields: can `players` be perfectly matched without any met pair? */
function rematchFreeExists(players: string[], met: Set<string>): boolean {
  const n = players.length;
  const memo = new Map<number, boolean>();
  const go = (mask: number): boolean => {
    if (mask === (1 << n) - 1) return true;
    if (memo.has(mask)) return memo.get(mask)!;
    let i = 0;
    while (mask & (1 << i)) i++;
    let ok = false;
    for (let j = i + 1; j < n && !ok; j++) {
      if (!(mask & (1 << j)) && !met.has(key(players[i]!, players[j]!))) ok = go(mask | (1 << i) | (1 << j));
    }
    memo.set(mask, ok);
    return ok;
  };
  return go(0);
}

/** Plays a whole tournament with random rating drift, checking every round's invariants. */
function playTournament(n: number, seed: number, rounds = swissRoundCount(n)): SwissRound[] {
  const agents = Array.from({ length: n }, (_, i) => `agent-${i}`);
  const rng = Rng.fromSeed(seed + 1000);
  const ratings: Record<string, number> = Object.fromEntries(agents.map((a) => [a, 1000]));
  const byes: Record<string, number> = {};
  const past: [string, string][] = [];
  const out: SwissRound[] = [];
  for (let round = 1; round <= rounds; round++) {
    const input: SwissInput = { agents, ratings: { ...ratings }, pastPairings: [...past], byes: { ...byes }, seed, round };
    const result = swissPairings(input);
    expect(swissPairings(input)).toEqual(result); // deterministic

    const seen = result.pairs.flat().concat(result.bye ? [result.bye] : []);
    expect(seen.sort()).toEqual([...agents].sort()); // everyone exactly once
    expect(result.bye === null).toBe(n % 2 === 0);
    if (result.bye) {
      const fewest = Math.min(...agents.map((a) => byes[a] ?? 0));
      expect(byes[result.bye] ?? 0).toBe(fewest);
    }
    const met = new Set(past.map(([x, y]) => key(x, y)));
    const players = agents.filter((a) => a !== result.bye);
    expect(result.rematches).toBe(result.pairs.filter(([x, y]) => met.has(key(x, y))).length);
    if (players.length <= 14 ? rematchFreeExists(players, met) : minUnmetDegree(players, met) >= players.length / 2) {
      expect(result.rematches).toBe(0);
    }

    if (result.bye) byes[result.bye] = (byes[result.bye] ?? 0) + 1;
    for (const [x, y] of result.pairs) {
      past.push([x, y]);
      const delta = (rng.float() - 0.5) * 60;
      ratings[x]! += delta;
      ratings[y]! -= delta;
    }
    out.push(result);
  }
  return out;
}

function minUnmetDegree(players: string[], met: Set<string>): number {
  return Math.min(...players.map((x) => players.filter((y) => y !== x && !met.has(key(x, y))).length));
}

describe("Swiss pairing", () => {
  it("default rounds: ceil(log2 n) + 1", () => {
    expect([2, 3, 6, 8, 9, 64].map(swissRoundCount)).toEqual([2, 3, 4, 4, 5, 7]);
  });

  it("holds its invariants for sizes 2–64 over many seeds", () => {
    for (let n = 2; n <= 64; n++) for (let seed = 0; seed < 4; seed++) playTournament(n, seed * 7919 + n);
    // 252 whole tournaments: about a second alone, several on a loaded 2-core machine (the unit default is 5 s).
  }, 60_000);

  it("keeps byes fair over long odd tournaments", () => {
    const rounds = playTournament(5, 3, 10);
    const counts = new Map<string, number>();
    for (const r of rounds) counts.set(r.bye!, (counts.get(r.bye!) ?? 0) + 1);
    expect([...counts.values()].sort()).toEqual([2, 2, 2, 2, 2]);
  });

  it("allows rematches only when unavoidable", () => {
    const rounds = playTournament(4, 1, 5);
    expect(rounds.slice(0, 3).map((r) => r.rematches)).toEqual([0, 0, 0]);
    expect(rounds[3]!.rematches).toBe(2);
  });

  it("round 1 order depends on the seed; later rounds on ratings, nearest-ranked first", () => {
    const agents = ["a", "b", "c", "d", "e", "f", "g", "h"];
    const base = { agents, ratings: {}, pastPairings: [], byes: {}, round: 1 };
    const orders = new Set([1, 2, 3, 4, 5].map((seed) => swissPairings({ ...base, seed }).order.join("")));
    expect(orders.size).toBeGreaterThan(1);
    const ratings = { a: 1000, b: 1100, c: 900, d: 1050 };
    const r2 = swissPairings({ agents: ["a", "b", "c", "d"], ratings, pastPairings: [], byes: {}, seed: 1, round: 2 });
    expect(r2.order).toEqual(["b", "d", "a", "c"]);
    expect(r2.pairs).toEqual([
      ["b", "d"],
      ["a", "c"],
    ]);
  });

  it("backtracks where plain greedy would force a rematch", () => {
    // Greedy top-down pairs a–c (a has met b), leaving b–d, which have met: a rematch.
    const ratings = { a: 4, b: 3, c: 2, d: 1 };
    const r = swissPairings({
      agents: ["a", "b", "c", "d"],
      ratings,
      pastPairings: [
        ["a", "b"],
        ["b", "d"],
      ],
      byes: {},
      seed: 0,
      round: 3,
    });
    expect(r.pairs).toEqual([
      ["a", "d"],
      ["b", "c"],
    ]);
    expect(r.rematches).toBe(0);
  });

  it("alternates seats by tree index", () => {
    expect(seatsForTree(["x", "y"], 0)).toEqual({ a: "x", b: "y" });
    expect(seatsForTree(["x", "y"], 1)).toEqual({ a: "y", b: "x" });
    expect(seatsForTree(["x", "y"], 30)).toEqual({ a: "x", b: "y" });
  });
});

describe("Swiss byes", () => {
  const agents = ["a", "b", "c", "d", "e"];
  const ratings = { a: 1200, b: 1100, c: 1000, d: 900, e: 800 };
  const round = (byes: Record<string, number>) => swissPairings({ agents, ratings, pastPairings: [], byes, seed: 3, round: 2 });

  it("goes to the lowest-ranked agent when nobody has had one", () => {
    expect(round({})).toMatchObject({ order: ["a", "b", "c", "d", "e"], bye: "e" });
  });

  it("goes to the lowest-ranked agent without one, never to an agent that already had one", () => {
    expect(round({ e: 1 }).bye).toBe("d");
    expect(round({ e: 1, d: 1 }).bye).toBe("c");
    expect(round({ e: 1, d: 1, c: 1, b: 1 }).bye).toBe("a");
    // Everyone has had one: the lowest-ranked among those with the fewest.
    expect(round({ a: 2, b: 1, c: 1, d: 2, e: 2 }).bye).toBe("c");
  });

  it("in round 1 goes to the last agent of the seeded random order", () => {
    const r = swissPairings({ agents, ratings: {}, pastPairings: [], byes: {}, seed: 11, round: 1 });
    expect(r.bye).toBe(r.order.at(-1));
    expect(r.pairs.flat()).not.toContain(r.bye);
  });
});
