import erfc from "@stdlib/math-base-special-erfc";
import { fisherCovariance, fitBradleyTerry, type BtData } from "../ratings/ratings";
import { Rng } from "../rng";

/**
 * Information-seeking pairing (docs/tournaments.md, Pairing), an option beside Swiss: each round pairs agents where a
 * match reduces the uncertainty of the ranking most.
 *
 * The ranking's uncertainty is the expected number of agent pairs in the wrong order,
 * U = Σ_{k<l} Φ(−|θ_k − θ_l| / √v_kl), with v_kl the variance of θ_k − θ_l from the rating fit's
 * covariance Σ (θ in natural-log odds). A match between i and j observes one outcome with Fisher
 * information I = p(1 − p), p = σ(θ_i − θ_j), which shrinks Σ by the rank-one update
 * Σ e eᵀ Σ · I / (1 + I eᵀΣe), e = e_i − e_j, and may move θ (matchInformation); so it also sharpens
 * the order of agents i and j were compared with before. A pair's value is the expected drop in U
 * it brings (infoRound: θ held at the estimate under a weak prior, only Σ shrinks), divided by its
 * expected cost (agent calls; close matches last more rounds) when the caller knows one. Pairs whose
 * intervals separate change U little; a pair of neighbours with overlapping intervals, much.
 *
 * The round is a maximum-value matching (greedy, then pairwise swaps while they raise the total).
 * A pair that played within the last `cooldown` rounds is paired again only when an agent has no
 * other partner. Odd count: the bye goes to one of the agents with the fewest byes, the one whose
 * best match is worth least.
 */

export interface InfoPairingInput {
  agents: readonly string[];
  /** θ per agent, aligned with `agents` (natural-log strength, any centring). */
  theta: readonly number[];
  /**
   * Covariance of θ, n×n row-major, aligned with `agents` (e.g. fisherCovariance). Agents without
   * games carry the ridge prior's large variance.
   */
  covariance: ArrayLike<number>;
  /** Value matches at θ held fixed (the truth, or the estimate under a prior; see matchInformation). */
  thetaKnown?: boolean;
  /** Expected cost of a match between agents at positions i and j (default 1 for every pair). */
  cost?: (i: number, j: number) => number;
  /** Pairings of recent rounds, most recent round last: recentRounds[k] = pairs of one round. */
  recentRounds: readonly (readonly (readonly [string, string])[])[];
  byes: Readonly<Record<string, number>>;
  /** Rounds a pair waits before meeting again (0: rematches allowed at once). */
  cooldown: number;
  seed: number;
}

export interface InfoRound {
  /** [i, j] pairs, higher θ first. */
  pairs: [string, string][];
  bye: string | null;
  /** Pairs that played within the cooldown (forced: no other partner was left). */
  rematches: number;
}

/** Default rounds a pair waits before a rematch. */
export const INFO_COOLDOWN = 2;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const pairKey = (x: string, y: string) => (x < y ? `${x}\u0000${y}` : `${y}\u0000${x}`);
/** Φ(−|d|/√v): the chance that the order of two agents d apart with variance v is wrong. */
export const wrongOrder = (d: number, v: number) => (v > 0 ? 0.5 * erfc(Math.abs(d) / Math.sqrt(2 * v)) : 0);

/** Expected wrongly ordered pairs U (see the file comment). */
export function rankingUncertainty(theta: readonly number[], cov: ArrayLike<number>): number {
  const n = theta.length;
  let u = 0;
  for (let k = 0; k < n; k++) {
    for (let l = k + 1; l < n; l++) u += wrongOrder(theta[k]! - theta[l]!, cov[k * n + k]! + cov[l * n + l]! - 2 * cov[k * n + l]!);
  }
  return u;
}

/**
 * How much one match between positions i and j is expected to lower U. The match's outcome y
 * (1 when i wins, with probability p) moves the estimates as one Newton step of the fit would:
 * θ' = θ + Σe·(y − p)/(1 + I·eᵀΣe), and shrinks Σ as above; U after the match is averaged over
 * both outcomes. (Without the move, two agents with equal estimates would never look worth
 * pairing: Φ(0) is ½ whatever the variance.) With `known` θ (a simulation's oracle that knows the
 * planted strengths) the outcome cannot move θ and only the covariance shrinks: the value of a
 * match to the design, not to the estimate.
 */
export function matchInformation(theta: readonly number[], cov: ArrayLike<number>, i: number, j: number, known = false): number {
  const n = theta.length;
  const c = (a: number, b: number) => cov[a * n + b]!;
  const vij = c(i, i) + c(j, j) - 2 * c(i, j);
  const p = sigmoid(theta[i]! - theta[j]!);
  const info = p * (1 - p);
  const denom = 1 + info * vij;
  // s_k = (Σe)_k = Σ_ki − Σ_kj; the update lowers v_kl by info·(s_k − s_l)²/denom and moves
  // θ_k − θ_l by (s_k − s_l)(y − p)/denom.
  const s = Array.from({ length: n }, (_, k) => c(k, i) - c(k, j));
  let gain = 0;
  for (let k = 0; k < n; k++) {
    for (let l = k + 1; l < n; l++) {
      const v = c(k, k) + c(l, l) - 2 * c(k, l);
      const d = theta[k]! - theta[l]!;
      const ds = s[k]! - s[l]!;
      const after = Math.max(0, v - (info * ds * ds) / denom);
      const expected = known
        ? wrongOrder(d, after)
        : p * wrongOrder(d + (ds * (1 - p)) / denom, after) + (1 - p) * wrongOrder(d - (ds * p) / denom, after);
      gain += wrongOrder(d, v) - expected;
    }
  }
  return gain;
}

export function infoPairings(input: InfoPairingInput): InfoRound {
  const n = input.agents.length;
  if (new Set(input.agents).size !== n) throw new RangeError("agent ids must be unique");
  if (input.theta.length !== n || input.covariance.length !== n * n) throw new RangeError("theta and covariance must match the agents");
  if (!Number.isInteger(input.cooldown) || input.cooldown < 0) throw new RangeError("cooldown must be a non-negative integer");
  const pos = new Map(input.agents.map((a, k) => [a, k]));
  const at = (a: string) => pos.get(a)!;
  // A seeded shuffle breaks ties between equal values (first round: every pair is unknown alike).
  const order = Rng.fromSeed(input.seed).shuffle([...input.agents].sort());
  const cooled = new Set(
    input.recentRounds
      .slice(Math.max(0, input.recentRounds.length - input.cooldown))
      .flat()
      .map(([x, y]) => pairKey(x, y)),
  );
  const value = new Map<string, number>();
  const pairValue = (x: string, y: string) => {
    const key = pairKey(x, y);
    let v = value.get(key);
    if (v === undefined) {
      const [i, j] = [at(x), at(y)];
      v = matchInformation(input.theta, input.covariance, i, j, input.thetaKnown) / Math.max(1e-9, input.cost?.(i, j) ?? 1);
      value.set(key, v);
    }
    return v;
  };
  // A cooled pair is worth less than any fresh one (weights in (−1, 0)): taken only when nothing else is left.
  const weight = (x: string, y: string) => (cooled.has(pairKey(x, y)) ? -1 / (1 + pairValue(x, y)) : pairValue(x, y));

  let bye: string | null = null;
  let players = order;
  if (n % 2 === 1) {
    const fewest = Math.min(...order.map((a) => input.byes[a] ?? 0));
    const best = (a: string) => Math.max(...order.filter((b) => b !== a).map((b) => weight(a, b)));
    bye = order.filter((a) => (input.byes[a] ?? 0) === fewest).reduce((low, a) => (best(a) < best(low) ? a : low));
    players = order.filter((a) => a !== bye);
  }
  const theta = (a: string) => input.theta[at(a)]!;
  const pairs = improve(greedyMatching(players, weight), weight).map(([x, y]): [string, string] => (theta(y) > theta(x) ? [y, x] : [x, y]));
  return { pairs, bye, rematches: pairs.filter(([x, y]) => cooled.has(pairKey(x, y))).length };
}

type Weight = (x: string, y: string) => number;

/** Highest-weight pairs first, each agent once. */
function greedyMatching(players: readonly string[], weight: Weight): [string, string][] {
  const candidates: { x: string; y: string; w: number }[] = [];
  for (let a = 0; a < players.length; a++) {
    for (let b = a + 1; b < players.length; b++) candidates.push({ x: players[a]!, y: players[b]!, w: weight(players[a]!, players[b]!) });
  }
  // Stable sort: equal weights keep the seeded order.
  candidates.sort((p, q) => q.w - p.w);
  const used = new Set<string>();
  const pairs: [string, string][] = [];
  for (const c of candidates) {
    if (used.has(c.x) || used.has(c.y)) continue;
    used.add(c.x);
    used.add(c.y);
    pairs.push([c.x, c.y]);
  }
  return pairs;
}

/** Two-pair swaps ((a,b),(c,d) → (a,c),(b,d) or (a,d),(b,c)) while one raises the total weight. */
function improve(pairs: [string, string][], weight: Weight): [string, string][] {
  const out = pairs.map((p): [string, string] => [p[0], p[1]]);
  for (let pass = 0; pass < 20; pass++) {
    let changed = false;
    for (let s = 0; s < out.length; s++) {
      for (let t = s + 1; t < out.length; t++) {
        const [a, b] = out[s]!;
        const [c, d] = out[t]!;
        const now = weight(a, b) + weight(c, d);
        const alt1 = weight(a, c) + weight(b, d);
        const alt2 = weight(a, d) + weight(b, c);
        if (alt1 > now + 1e-12 && alt1 >= alt2) {
          out[s] = [a, c];
          out[t] = [b, d];
          changed = true;
        } else if (alt2 > now + 1e-12) {
          out[s] = [a, d];
          out[t] = [b, c];
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  return out;
}

/** A finished match as information pairing reads it: seats, result, agent calls it cost. */
export interface PlayedMatch {
  a: string;
  b: string;
  winner: "A" | "B" | "tie";
  calls: number;
}

/**
 * Expected agent calls of a match between positions i and j: each agent's mean calls per match so
 * far, shrunk towards the overall mean by one pseudo-match, averaged over the two (strong agents
 * end matches sooner by the mercy rule; close matches last longer).
 */
export function expectedCalls(agents: readonly string[], played: readonly PlayedMatch[]): (i: number, j: number) => number {
  const pos = new Map(agents.map((a, k) => [a, k]));
  const overall = played.length ? played.reduce((s, m) => s + m.calls, 0) / played.length : 1;
  const sum = agents.map(() => overall);
  const count = agents.map(() => 1);
  for (const m of played) {
    for (const id of [m.a, m.b]) {
      const k = pos.get(id);
      if (k === undefined) continue;
      sum[k]! += m.calls;
      count[k]!++;
    }
  }
  return (i, j) => (sum[i]! / count[i]! + sum[j]! / count[j]!) / 2;
}

/**
 * θ and the Fisher covariance of `agents` fitted on the matches among them (one battle per match;
 * agents without games keep θ = 0 and the ridge prior's variance). With `at`, θ is taken as given
 * (a simulation's known strengths) and the covariance is the Fisher information's inverse there;
 * `ridge` is the prior's precision (the rating fit's tiny default unless given).
 */
export function pairingFit(
  agents: readonly string[],
  played: readonly PlayedMatch[],
  opts: { at?: readonly number[]; ridge?: number } = {},
): { theta: number[]; covariance: Float64Array } {
  const pos = new Map(agents.map((a, k) => [a, k]));
  const among = played.filter((m) => pos.has(m.a) && pos.has(m.b));
  const counts = new Float64Array(among.length * 3);
  among.forEach((m, r) => {
    counts[r * 3 + (m.winner === "A" ? 0 : m.winner === "tie" ? 1 : 2)] = 1;
  });
  const data: BtData = {
    agents: [...agents],
    i: Int32Array.from(among, (m) => pos.get(m.a)!),
    j: Int32Array.from(among, (m) => pos.get(m.b)!),
    counts,
  };
  const theta = opts.at ? Float64Array.from(opts.at) : fitBradleyTerry(data, { ridge: opts.ridge }).theta;
  return { theta: Array.from(theta), covariance: fisherCovariance(data, theta, { ridge: opts.ridge }) };
}

/**
 * Precision of the Gaussian prior on θ in the pairing fit (sd ≈ 1.4 natural-log odds): early estimates
 * from a few matches stay near the middle instead of running off to ±∞.
 */
export const INFO_PRIOR_RIDGE = 0.5;

/**
 * One information-seeking round from the matches played so far (what tournaments and the simulation
 * call). The estimate under the prior is held fixed and a match is valued by how much it shrinks the
 * uncertainty of the order (matchInformation with θ known): on the simulation's tuning seeds that
 * ranked close agents better than also valuing the estimate's move.
 */
export function infoRound(input: {
  agents: readonly string[];
  played: readonly PlayedMatch[];
  recentRounds: InfoPairingInput["recentRounds"];
  byes: InfoPairingInput["byes"];
  seed: number;
  cooldown?: number;
}): InfoRound {
  const { theta, covariance } = pairingFit(input.agents, input.played, { ridge: INFO_PRIOR_RIDGE });
  return infoPairings({
    agents: input.agents,
    theta,
    thetaKnown: true,
    covariance,
    cost: expectedCalls(input.agents, input.played),
    recentRounds: input.recentRounds,
    byes: input.byes,
    cooldown: input.cooldown ?? INFO_COOLDOWN,
    seed: input.seed,
  });
}
