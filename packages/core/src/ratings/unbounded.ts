import { z } from "zod";
import type { BtData } from "./bt-data";

/**
 * Where the Bradley–Terry maximum-likelihood estimate does not exist. Zermelo's condition: the MLE
 * is finite only when, for every split of a connected set of agents into two groups, someone in
 * each group beat (or tied) someone in the other. An agent that never lost nor tied against the
 * others has no finite estimate: the likelihood keeps rising as its rating goes up, and the fit
 * returns whatever its small ridge penalty stops at (thousands of points, a number the data does
 * not support). This names those agents and gives the bound the data does support instead.
 */
export interface Unbounded {
  /** unbeaten: no finite upper end (never lost or tied against the rest); winless: no finite lower end. */
  side: "unbeaten" | "winless";
  /**
   * unbeaten: the rating at which its record against agents with finite estimates would have had
   * a (1 − level)/2 chance (2.5 % for 95 %), so ratings below it are implausible — a lower bound;
   * winless: the mirror image, an upper bound. Null when it played only other unbounded agents.
   */
  bound: number | null;
  /**
   * The agent did win (winless side) or did lose (unbeaten side), only against agents in the same
   * position: its record alone contradicts the bare word, so pages say "no win over the rest" or
   * "no loss to the rest" instead. Absent in snapshots stored before it was recorded.
   */
  shared?: boolean;
}

/** Unbounded as snapshots store it (JSON): the one schema every read of a stored rating parses it with. */
export const unboundedSchema = z.object({
  side: z.enum(["unbeaten", "winless"]),
  bound: z.number().nullable(),
  shared: z.boolean().optional(),
});

const LN10_OVER_400 = Math.log(10) / 400;
const logSigmoid = (d: number) => (d >= 0 ? -Math.log1p(Math.exp(-d)) : d - Math.log1p(Math.exp(d)));

/** Strongly connected components (Tarjan, iterative: the graph may be hundreds of agents deep). */
function components(n: number, out: number[][]): Int32Array {
  const comp = new Int32Array(n).fill(-1);
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  let next = 0;
  let count = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const work: [number, number][] = [[root, 0]];
    index[root] = low[root] = next++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [v, e] = frame;
      if (e < out[v]!.length) {
        frame[1]++;
        const w = out[v]![e]!;
        if (index[w] === -1) {
          index[w] = low[w] = next++;
          stack.push(w);
          onStack[w] = 1;
          work.push([w, 0]);
        } else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low[parent] = Math.min(low[parent]!, low[v]!);
      }
      if (low[v] === index[v]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          comp[w] = count;
        } while (w !== v);
        count++;
      }
    }
  }
  return comp;
}

/**
 * Solves Σ nⱼ·log σ(sign·(R − rⱼ)·ln10/400) = log(tail) for R by bisection: the rating at which a
 * clean sweep (sign 1) or a clean loss (sign −1) of these games has probability `tail`.
 */
function sweepBound(games: { rating: number; n: number }[], sign: 1 | -1, tail: number): number {
  const target = Math.log(tail);
  const f = (r: number) => games.reduce((s, g) => s + g.n * logSigmoid(sign * (r - g.rating) * LN10_OVER_400), 0);
  const ratings = games.map((g) => g.rating);
  let lo = Math.min(...ratings) - 5000;
  let hi = Math.max(...ratings) + 5000;
  for (let k = 0; k < 100; k++) {
    const mid = (lo + hi) / 2;
    // f rises with R for a sweep, falls for a clean loss.
    if (f(mid) < target === (sign === 1)) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Agents reachable from `from` along `edges`. */
function reach(from: readonly number[], edges: number[][]): Uint8Array {
  const seen = new Uint8Array(edges.length);
  const queue = [...from];
  for (const v of queue) seen[v] = 1;
  while (queue.length > 0) {
    for (const w of edges[queue.pop()!]!) {
      if (seen[w]) continue;
      seen[w] = 1;
      queue.push(w);
    }
  }
  return seen;
}

/**
 * Which side each agent is unbounded on. Relative to the main group (the one largest strongly
 * connected group of a connected set, whose members' estimates are finite among themselves): a
 * group that beat its way into the main group but was never beaten back is unbeaten, the mirror
 * image winless, anything else keeps its number. Without one largest group (two agents, one win)
 * every group that only beat is unbeaten and every group that only lost is winless.
 */
function sidesOf(n: number, out: number[][]): (Unbounded["side"] | null)[] {
  const comp = components(n, out);
  const into: number[][] = Array.from({ length: n }, () => []);
  for (let u = 0; u < n; u++) for (const v of out[u]!) into[v]!.push(u);
  const sides: (Unbounded["side"] | null)[] = new Array<Unbounded["side"] | null>(n).fill(null);
  const done = new Uint8Array(n);
  const both = out.map((o, k) => [...o, ...into[k]!]);
  for (let start = 0; start < n; start++) {
    if (done[start]) continue;
    const connected = reach([start], both);
    const members = Array.from({ length: n }, (_, k) => k).filter((k) => connected[k]);
    for (const k of members) done[k] = 1;
    const sizes = new Map<number, number[]>();
    for (const k of members) sizes.set(comp[k]!, [...(sizes.get(comp[k]!) ?? []), k]);
    if (sizes.size < 2) continue;
    const groups = [...sizes.values()].sort((a, b) => b.length - a.length);
    if (groups[0]!.length > groups[1]!.length) {
      const below = reach(groups[0]!, out);
      const above = reach(groups[0]!, into);
      for (const k of members) {
        if (above[k] && !below[k]) sides[k] = "unbeaten";
        else if (below[k] && !above[k]) sides[k] = "winless";
      }
      continue;
    }
    for (const group of groups) {
      const c = comp[group[0]!]!;
      const beat = group.some((k) => out[k]!.some((v) => comp[v] !== c));
      const lost = group.some((k) => into[k]!.some((v) => comp[v] !== c));
      if (beat !== lost) for (const k of group) sides[k] = beat ? "unbeaten" : "winless";
    }
  }
  return sides;
}

/**
 * Per agent index: null when its estimate is finite, else which side is unbounded and the bound
 * its record supports, computed against the fitted ratings of the agents with finite estimates.
 */
export function unboundedEstimates(data: BtData, ratings: ArrayLike<number>, level = 0.95): (Unbounded | null)[] {
  const n = data.agents.length;
  // Edge u → v: u won or tied at least once against v (a tie is half a win each way).
  const out: number[][] = Array.from({ length: n }, () => []);
  for (let r = 0; r < data.i.length; r++) {
    const [i, j] = [data.i[r]!, data.j[r]!];
    const [wi, t, wj] = [data.counts[r * 3]!, data.counts[r * 3 + 1]!, data.counts[r * 3 + 2]!];
    if (wi > 0 || t > 0) out[i]!.push(j);
    if (wj > 0 || t > 0) out[j]!.push(i);
  }
  const sides = sidesOf(n, out);
  const tail = (1 - level) / 2;
  return sides.map((s, k) => {
    if (s === null) return null;
    const games: { rating: number; n: number }[] = [];
    for (let r = 0; r < data.i.length; r++) {
      const [i, j] = [data.i[r]!, data.j[r]!];
      if (i !== k && j !== k) continue;
      const other = i === k ? j : i;
      if (sides[other] !== null) continue;
      const total = data.counts[r * 3]! + data.counts[r * 3 + 1]! + data.counts[r * 3 + 2]!;
      games.push({ rating: ratings[other]!, n: total });
    }
    const shared = s === "winless" ? out[k]!.length > 0 : out.some((o, u) => u !== k && o.includes(k));
    return { side: s, bound: games.length > 0 ? sweepBound(games, s === "unbeaten" ? 1 : -1, tail) : null, shared };
  });
}
