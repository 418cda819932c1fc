import { Rng } from "../rng";

/**
 * Swiss pairing (docs/method.md §6). Round 1 orders agents at random (seeded); later rounds by current
 * rating (descending; equal ratings by id). Pairing is greedy top-down with the nearest-ranked
 * opponent not yet met, with backtracking: when the greedy choice would force a rematch later,
 * the search tries the next-nearest opponent, so rematches happen only when no pairing of the
 * remaining agents avoids them (then the fewest rematches the bounded search finds are used).
 * Odd count: the bye goes to the lowest-ranked agent among those with the fewest byes, so nobody
 * gets a second bye while another agent has none.
 */

export interface SwissInput {
  agents: readonly string[];
  /** Current ratings; agents missing from it count as 1000. Ignored in round 1. */
  ratings: Readonly<Record<string, number>>;
  /** Every pairing played so far, in any seat order; repeats allowed. */
  pastPairings: readonly (readonly [string, string])[];
  /** Byes received so far per agent (missing = 0). */
  byes: Readonly<Record<string, number>>;
  seed: number;
  /** 1-based round number. */
  round: number;
}

export interface SwissRound {
  /** Ranking order used for this round (best first). */
  order: string[];
  /** [higher-ranked, lower-ranked]. */
  pairs: [string, string][];
  bye: string | null;
  rematches: number;
}

/** Default tournament length: ceil(log2 n) + 1 (4 rounds for 6 agents). */
export function swissRoundCount(agents: number): number {
  return agents < 2 ? 0 : Math.ceil(Math.log2(agents)) + 1;
}

/** Seat assignment for tree index t (0-based): odd t swaps A and B to cancel position bias. */
export function seatsForTree(pair: readonly [string, string], treeIndex: number): { a: string; b: string } {
  return treeIndex % 2 === 1 ? { a: pair[1], b: pair[0] } : { a: pair[0], b: pair[1] };
}

const pairKey = (x: string, y: string) => (x < y ? `${x}\u0000${y}` : `${y}\u0000${x}`);

/** Search nodes per rematch allowance before settling for the greedy fallback. */
const SEARCH_BUDGET = 200_000;

export function swissPairings(input: SwissInput): SwissRound {
  const agents = [...new Set(input.agents)].sort();
  if (agents.length !== input.agents.length) throw new RangeError("agent ids must be unique");
  if (!Number.isInteger(input.round) || input.round < 1) throw new RangeError("round must be a positive integer");
  const order =
    input.round === 1
      ? Rng.fromSeed(input.seed).shuffle(agents)
      : [...agents].sort((x, y) => (input.ratings[y] ?? 1000) - (input.ratings[x] ?? 1000) || (x < y ? -1 : 1));
  let bye: string | null = null;
  let players = order;
  if (order.length % 2 === 1) {
    const fewest = Math.min(...order.map((a) => input.byes[a] ?? 0));
    bye = [...order].reverse().find((a) => (input.byes[a] ?? 0) === fewest)!;
    players = order.filter((a) => a !== bye);
  }
  const met = new Set(input.pastPairings.map(([x, y]) => pairKey(x, y)));
  const pairs = bestMatching(players, met);
  const rematches = pairs.filter(([x, y]) => met.has(pairKey(x, y))).length;
  return { order, pairs, bye, rematches };
}

/** Fewest-rematch matching found by bounded search, else the greedy nearest-ranked fallback. */
function bestMatching(players: string[], met: Set<string>): [string, string][] {
  const hasMet = (x: string, y: string) => met.has(pairKey(x, y));
  for (let allowed = 0; allowed <= players.length / 2; allowed++) {
    const budget = { left: SEARCH_BUDGET };
    const found = search(players, allowed, hasMet, budget);
    if (found) return found;
    if (budget.left <= 0) break;
  }
  return greedy(players, hasMet);
}

function search(
  remaining: string[],
  allowed: number,
  hasMet: (x: string, y: string) => boolean,
  budget: { left: number },
): [string, string][] | null {
  if (remaining.length === 0) return [];
  if (--budget.left < 0) return null;
  if (allowed === 0 && remaining.some((x) => remaining.every((y) => y === x || hasMet(x, y)))) return null;
  const [top, ...rest] = remaining as [string, ...string[]];
  const fresh = rest.filter((c) => !hasMet(top, c));
  const candidates = allowed > 0 ? [...fresh, ...rest.filter((c) => hasMet(top, c))] : fresh;
  for (const c of candidates) {
    const cost = hasMet(top, c) ? 1 : 0;
    const sub = search(
      rest.filter((x) => x !== c),
      allowed - cost,
      hasMet,
      budget,
    );
    if (sub) return [[top, c], ...sub];
    if (budget.left < 0) return null;
  }
  return null;
}

function greedy(players: string[], hasMet: (x: string, y: string) => boolean): [string, string][] {
  const left = [...players];
  const pairs: [string, string][] = [];
  while (left.length >= 2) {
    const top = left.shift()!;
    const idx = Math.max(
      0,
      left.findIndex((c) => !hasMet(top, c)),
    );
    pairs.push([top, left.splice(idx, 1)[0]!]);
  }
  return pairs;
}
