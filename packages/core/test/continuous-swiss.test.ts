import { describe, expect, it } from "vitest";
import { rematchWindow, recentPairs } from "../src/pairing/placement";
import { swissPairings } from "../src/pairing/swiss";

/**
 * A continuous tournament pairs its free agents by Swiss again and again. Fixed ratings (the order
 * does not change, as in the live demo once the planted skills show) make the worst case: with every
 * pairing ever played counted as met, Swiss falls back to rating neighbours and the same pairs meet
 * forever, so the field splits into groups that never play each other.
 */
const agents = ["a1", "a2", "a3", "a4", "a5", "a6"];
const ratings = Object.fromEntries(agents.map((a, k) => [a, 1600 - 100 * k]));
const key = ([x, y]: readonly [string, string]) => [x, y].sort().join("|");

function play(rounds: number, pastOf: (meetings: { a: string; b: string; round: number }[]) => [string, string][]) {
  const meetings: { a: string; b: string; round: number }[] = [];
  for (let round = 1; round <= rounds; round++) {
    const { pairs } = swissPairings({ agents, ratings, pastPairings: pastOf(meetings), byes: {}, seed: 7, round: Math.max(2, round) });
    for (const [a, b] of pairs) meetings.push({ a, b, round });
  }
  return meetings;
}

/** Agents reachable from a1 through who played whom: one connected field or several groups. */
function reachable(meetings: { a: string; b: string }[]): Set<string> {
  const seen = new Set(["a1"]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of meetings) {
      if (seen.has(m.a) !== seen.has(m.b)) {
        seen.add(m.a);
        seen.add(m.b);
        changed = true;
      }
    }
  }
  return seen;
}

describe("continuous Swiss with a window of recent opponents", () => {
  it("all history as met: after round-robin coverage the same three pairs repeat for good (the defect the window fixes)", () => {
    const meetings = play(30, (m) => m.map((x) => [x.a, x.b]));
    const late = new Set(meetings.filter((m) => m.round > 20).map((m) => key([m.a, m.b])));
    expect(late.size).toBe(3);
  });

  it("recent opponents as met: pairs keep rotating, every agent meets at least three opponents in any ten rounds (one before), and no group is cut off", () => {
    const meetings = play(30, (m) => recentPairs(m, rematchWindow(agents.length)));
    for (let from = 1; from <= 21; from += 5) {
      const window = meetings.filter((m) => m.round >= from && m.round < from + 10);
      for (const agent of agents) {
        const opponents = new Set(window.flatMap((m) => (m.a === agent ? [m.b] : m.b === agent ? [m.a] : [])));
        expect(opponents.size, `${agent} in rounds ${from}–${from + 9}`).toBeGreaterThanOrEqual(3);
      }
      expect(reachable(window).size).toBe(agents.length);
    }
  });

  it("recentPairs keeps each agent's latest distinct opponents only", () => {
    const meetings = [
      { a: "x", b: "y", round: 1 },
      { a: "x", b: "z", round: 2 },
      { a: "w", b: "x", round: 3 },
      { a: "x", b: "w", round: 4 },
    ];
    const pairs = recentPairs(meetings, 2).map(key);
    // x's last two distinct opponents are w (rounds 4, 3) and z (round 2); y is out of its window but x is in y's.
    expect(new Set(pairs)).toEqual(new Set(["w|x", "x|z", "x|y"]));
    expect(rematchWindow(6)).toBe(2);
    expect(rematchWindow(2)).toBe(1);
  });
});
