import normalQuantile from "@stdlib/stats-base-dists-normal-quantile";
import { z } from "zod";
import { choleskyInPlace, choleskySolveInPlace, multiply, spdInverse } from "../stats/linalg";
import { binomial } from "../stats/binomial";
import { Rng } from "../rng";
import { quantileSorted } from "../stats/stats";
import { RATING_MEAN } from "./rating-display";
import { unboundedEstimates, type Unbounded } from "./unbounded";
import type { BtData } from "./bt-data";

/**
 * Ratings (docs/method.md §7): Bradley–Terry MLE on aggregated results, bootstrap and sandwich confidence
 * intervals, rank from interval separation, and online Elo for the history chart.
 */

const BATTLE_WINNERS = ["model_a", "model_b", "tie", "tie (bothbad)"] as const;
export const battleSchema = z.object({
  model_a: z.string().min(1),
  model_b: z.string().min(1),
  winner: z.enum(BATTLE_WINNERS),
});
export type Battle = z.infer<typeof battleSchema>;
export type BattleWinner = Battle["winner"];

/** Outcome for model_a: win 1, loss 0, tie (either quality) 0.5. */
function battleOutcome(winner: BattleWinner): 0 | 0.5 | 1 {
  return winner === "model_a" ? 1 : winner === "model_b" ? 0 : 0.5;
}

export type { BtData };

/** Streams battles into BtData in one pass; memory grows with pairs, not battles. */
export class BattleAggregator {
  private readonly index = new Map<string, number>();
  private readonly agents: string[] = [];
  private readonly rowOf = new Map<number, number>();
  private readonly pi: number[] = [];
  private readonly pj: number[] = [];
  private readonly counts: number[] = [];

  private agent(id: string): number {
    let k = this.index.get(id);
    if (k === undefined) {
      k = this.agents.length;
      this.index.set(id, k);
      this.agents.push(id);
    }
    return k;
  }

  /** `outcome` is model a's result: 1 win, 0.5 tie, 0 loss. Self-play is rejected. */
  add(a: string, b: string, outcome: 0 | 0.5 | 1): void {
    this.counts[this.cell(a, b, outcome)]! += 1;
  }

  /**
   * The counts cell a battle (a, b, outcome) falls in, registering its agents and pair as `add`
   * would, without counting it. A reader that meets the same battle line many times resolves
   * it once and then counts with `addToCell`.
   */
  cell(a: string, b: string, outcome: 0 | 0.5 | 1): number {
    if (a === b) throw new RangeError(`an agent cannot play itself (${a})`);
    let i = this.agent(a);
    let j = this.agent(b);
    let slot = outcome === 1 ? 0 : outcome === 0 ? 2 : 1;
    if (i > j) {
      [i, j] = [j, i];
      slot = 2 - slot;
    }
    const key = i * 2 ** 26 + j;
    let row = this.rowOf.get(key);
    if (row === undefined) {
      row = this.pi.length;
      this.rowOf.set(key, row);
      this.pi.push(i);
      this.pj.push(j);
      this.counts.push(0, 0, 0);
    }
    return row * 3 + slot;
  }

  /** Counts `n` battles in a cell from `cell`. */
  addToCell(cell: number, n = 1): void {
    this.counts[cell]! += n;
  }

  /** The cell of a parsed battle line (see `cell`). */
  cellOf(b: Battle): number {
    return this.cell(b.model_a, b.model_b, battleOutcome(b.winner));
  }

  addBattle(b: Battle): void {
    this.add(b.model_a, b.model_b, battleOutcome(b.winner));
  }

  result(): BtData {
    return {
      agents: [...this.agents],
      i: Int32Array.from(this.pi),
      j: Int32Array.from(this.pj),
      counts: Float64Array.from(this.counts),
    };
  }
}

export function aggregateBattles(battles: Iterable<Battle>): BtData {
  const agg = new BattleAggregator();
  for (const b of battles) agg.addBattle(b);
  return agg.result();
}

// ------------------------------------------------------------------ Bradley–Terry MLE

export interface BtFitOptions {
  /**
   * L2 penalty λ/2·Σθ². Needed only for identifiability: it centres θ (Σθ = 0, since the
   * likelihood gradient sums to zero), centres each component of a disconnected comparison graph
   * separately, and keeps an unbeaten agent finite. The default 1e-4 (a prior with sd 100 on θ)
   * moves the Wikipedia example's strengths by < 1e-4 relative.
   */
  ridge?: number;
  /** Warm start (e.g. the full-data MLE when fitting bootstrap resamples). */
  init?: Float64Array;
  /** Stop when the largest Newton step is below this. */
  tol?: number;
  maxIter?: number;
}

const DEFAULT_RIDGE = 1e-4;

/** log σ(d), stable for large |d|. */
const logSigmoid = (d: number) => (d >= 0 ? -Math.log1p(Math.exp(-d)) : d - Math.log1p(Math.exp(d)));
const sigmoid = (d: number) => 1 / (1 + Math.exp(-d));

function penalisedLogLik(data: BtData, theta: Float64Array, ridge: number): number {
  let ll = 0;
  for (let r = 0; r < data.i.length; r++) {
    const d = theta[data.i[r]!]! - theta[data.j[r]!]!;
    const wi = data.counts[r * 3]!;
    const t = data.counts[r * 3 + 1]!;
    const wj = data.counts[r * 3 + 2]!;
    const s = wi + 0.5 * t;
    const ls = logSigmoid(d);
    ll += s * ls + (wi + t + wj - s) * (ls - d); // log σ(−d) = log σ(d) − d
  }
  let sq = 0;
  for (let k = 0; k < theta.length; k++) sq += theta[k]! ** 2;
  return ll - 0.5 * ridge * sq;
}

/** Gradient of the penalised log-likelihood into `g`, its negative Hessian into `h`. */
function gradientHessian(data: BtData, theta: Float64Array, ridge: number, g: Float64Array, h: Float64Array): void {
  const n = theta.length;
  g.fill(0);
  h.fill(0);
  for (let r = 0; r < data.i.length; r++) {
    const i = data.i[r]!;
    const j = data.j[r]!;
    const wi = data.counts[r * 3]!;
    const t = data.counts[r * 3 + 1]!;
    const total = wi + t + data.counts[r * 3 + 2]!;
    const p = sigmoid(theta[i]! - theta[j]!);
    const gr = wi + 0.5 * t - total * p;
    const w = total * p * (1 - p);
    g[i]! += gr;
    g[j]! -= gr;
    h[i * n + i]! += w;
    h[j * n + j]! += w;
    h[i * n + j]! -= w;
    h[j * n + i]! -= w;
  }
  for (let k = 0; k < n; k++) {
    g[k]! -= ridge * theta[k]!;
    h[k * n + k]! += ridge;
  }
}

export interface BtFit {
  /** Natural-log strengths, centred (Σθ = 0). */
  theta: Float64Array;
  iterations: number;
  converged: boolean;
}

/** Scratch buffers for one fit; reused across bootstrap rounds to keep the GC idle. */
interface Workspace {
  g: Float64Array;
  h: Float64Array;
  trial: Float64Array;
}
const workspace = (n: number): Workspace => ({ g: new Float64Array(n), h: new Float64Array(n * n), trial: new Float64Array(n) });

/** Damped Newton on the penalised BT log-likelihood (ties count as half a win each way). */
export function fitBradleyTerry(data: BtData, opts: BtFitOptions = {}): BtFit {
  const n = data.agents.length;
  const theta = opts.init ? Float64Array.from(opts.init) : new Float64Array(n);
  if (theta.length !== n) throw new RangeError("init has the wrong length");
  const ridge = opts.ridge ?? DEFAULT_RIDGE;
  if (!(ridge > 0)) throw new RangeError("ridge must be positive");
  return newton(data, theta, ridge, opts.tol ?? 1e-9, opts.maxIter ?? 100, workspace(n));
}

/**
 * Steps no longer than this (in θ, natural-log odds) are taken whole without evaluating the
 * objective: near the optimum the BT log-likelihood is close to its quadratic model, so a short
 * Newton step always ascends. Bootstrap refits start at the full-data MLE and only take such
 * steps, which saves the line search's log-likelihood pass per iteration.
 */
const TRUSTED_STEP = 0.1;

function newton(data: BtData, theta: Float64Array, ridge: number, tol: number, maxIter: number, ws: Workspace): BtFit {
  const n = theta.length;
  const { g, h, trial } = ws;
  let obj = Number.NaN; // evaluated only when a long step needs the line search
  for (let iter = 1; iter <= maxIter; iter++) {
    gradientHessian(data, theta, ridge, g, h);
    choleskyInPlace(h, n);
    choleskySolveInPlace(h, n, g); // g now holds the Newton step
    let newtonStep = 0;
    for (let k = 0; k < n; k++) newtonStep = Math.max(newtonStep, Math.abs(g[k]!));
    if (newtonStep < tol) {
      // Converged: near the optimum the full step is safe and no line search is needed.
      for (let k = 0; k < n; k++) theta[k]! += g[k]!;
      return { theta, iterations: iter, converged: true };
    }
    if (newtonStep <= TRUSTED_STEP) {
      for (let k = 0; k < n; k++) theta[k]! += g[k]!;
      obj = Number.NaN;
      continue;
    }
    if (Number.isNaN(obj)) obj = penalisedLogLik(data, theta, ridge);
    let step = 1;
    let next = obj;
    for (let halvings = 0; halvings < 40; halvings++, step /= 2) {
      for (let k = 0; k < n; k++) trial[k] = theta[k]! + step * g[k]!;
      next = penalisedLogLik(data, trial, ridge);
      if (next >= obj - 1e-12 * Math.abs(obj)) break;
    }
    theta.set(trial);
    obj = next;
  }
  return { theta, iterations: maxIter, converged: false };
}

const RATING_SCALE = 400;
const RATING_BASE = 10;
const RATING_INIT = RATING_MEAN;

/** rating = 400·θ/ln 10 + 1000 (θ centred, so the mean rating is 1000). */
export const thetaToRating = (theta: number) => (RATING_SCALE * theta) / Math.log(RATING_BASE) + RATING_INIT;

/**
 * The chance that an agent rated `a` beats one rated `b` under the fitted model (a tie counts
 * half): 1 / (1 + 10^((b − a)/400)), so 400 points apart is 10:1.
 */
export const predictedWinProbability = (a: number, b: number) => 1 / (1 + RATING_BASE ** ((b - a) / RATING_SCALE));

/** exp(θ) normalised to geometric mean 1 (the convention of the Wikipedia worked example). */
export function btStrengths(theta: Float64Array): number[] {
  const mean = theta.reduce((s, v) => s + v, 0) / theta.length;
  return Array.from(theta, (t) => Math.exp(t - mean));
}

// ------------------------------------------------------------------ confidence intervals

export interface Intervals {
  /** Rating-scale bounds per agent index. */
  lower: Float64Array;
  upper: Float64Array;
}

/**
 * Percentile bootstrap: multinomial resampling of the aggregated cells (pair × outcome) with the
 * observed total, one warm-started fit per round, 2.5/97.5 % quantiles of the ratings. Merging
 * (a,b)/(b,a) cells is exact: merged multinomial cells are multinomial with summed probabilities.
 * The multinomial is drawn as sequential conditional binomials (stdlib's sampler fed by our
 * seeded generator), so the work is per cell, independent of the number of battles.
 */
export function bootstrapIntervals(
  data: BtData,
  theta: Float64Array,
  opts: { rounds?: number; seed?: number; ridge?: number; level?: number } = {},
): Intervals & { samples: Float64Array } {
  const rounds = opts.rounds ?? 1000;
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError("bootstrap rounds must be a positive integer");
  const n = data.agents.length;
  const rng = Rng.fromSeed(opts.seed ?? 0);
  const total = data.counts.reduce((s, v) => s + v, 0);
  const resampled: BtData = { ...data, counts: new Float64Array(data.counts.length) };
  const samples = new Float64Array(rounds * n);
  const ws = workspace(n);
  const fitted = new Float64Array(n);
  for (let r = 0; r < rounds; r++) {
    drawMultinomial(data.counts, total, resampled.counts, rng);
    fitted.set(theta); // warm start at the full-data MLE
    // Step tolerance 1e-6 in θ (2e-4 rating points); the last Newton step applied leaves ~1e-12.
    newton(resampled, fitted, opts.ridge ?? DEFAULT_RIDGE, 1e-6, 100, ws);
    for (let k = 0; k < n; k++) samples[r * n + k] = thetaToRating(fitted[k]!);
  }
  const tail = (1 - (opts.level ?? 0.95)) / 2;
  const lower = new Float64Array(n);
  const upper = new Float64Array(n);
  const column = new Float64Array(rounds);
  for (let k = 0; k < n; k++) {
    for (let r = 0; r < rounds; r++) column[r] = samples[r * n + k]!;
    column.sort();
    lower[k] = quantileSorted(column, tail);
    upper[k] = quantileSorted(column, 1 - tail);
  }
  return { lower, upper, samples };
}

/**
 * One multinomial draw of `total` battles over the aggregated rows (sequential conditional
 * binomials): the bootstrap's resample. Exported for its test.
 */
export function drawMultinomial(counts: Float64Array, total: number, out: Float64Array, rng: Rng): void {
  let remaining = total;
  let mass = total;
  for (let c = 0; c < counts.length; c++) {
    const k = counts[c]!;
    if (k === 0 || remaining === 0) {
      out[c] = 0;
      continue;
    }
    const x = k >= mass ? remaining : binomial(rng, remaining, k / mass);
    out[c] = x;
    remaining -= x;
    mass -= k;
  }
}

/**
 * Model-based covariance of θ: the inverse of the penalised Fisher information. Unlike the
 * sandwich it does not depend on how surprising the observed outcomes were, so it stays sensible
 * with a handful of games (pairing decisions read it before intervals settle).
 */
export function fisherCovariance(data: BtData, theta: Float64Array, opts: { ridge?: number } = {}): Float64Array {
  const n = data.agents.length;
  const g = new Float64Array(n);
  const h = new Float64Array(n * n);
  gradientHessian(data, theta, opts.ridge ?? DEFAULT_RIDGE, g, h);
  return spdInverse(h, n);
}

/**
 * Sandwich (robust) covariance H⁻¹·S·H⁻¹ of θ: H = penalised Fisher information, S = sum over
 * battles of score outer products, here per cell as count·(y − p)²·(e_i − e_j)(e_i − e_j)ᵀ.
 * Intervals are θ ± z·sd on the rating scale (normal approximation).
 */
export function sandwichIntervals(
  data: BtData,
  theta: Float64Array,
  opts: { ridge?: number; level?: number } = {},
): Intervals & { covariance: Float64Array } {
  const n = data.agents.length;
  const ridge = opts.ridge ?? DEFAULT_RIDGE;
  const g = new Float64Array(n);
  const h = new Float64Array(n * n);
  gradientHessian(data, theta, ridge, g, h);
  const s = new Float64Array(n * n);
  for (let r = 0; r < data.i.length; r++) {
    const i = data.i[r]!;
    const j = data.j[r]!;
    const p = sigmoid(theta[i]! - theta[j]!);
    const v = data.counts[r * 3]! * (1 - p) ** 2 + data.counts[r * 3 + 1]! * (0.5 - p) ** 2 + data.counts[r * 3 + 2]! * p ** 2;
    s[i * n + i]! += v;
    s[j * n + j]! += v;
    s[i * n + j]! -= v;
    s[j * n + i]! -= v;
  }
  const hinv = spdInverse(h, n);
  const cov = multiply(multiply(hinv, s, n), hinv, n);
  const z = normalQuantile(1 - (1 - (opts.level ?? 0.95)) / 2, 0, 1);
  const lower = new Float64Array(n);
  const upper = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const half = (z * Math.sqrt(Math.max(0, cov[k * n + k]!)) * RATING_SCALE) / Math.log(RATING_BASE);
    lower[k] = thetaToRating(theta[k]!) - half;
    upper[k] = thetaToRating(theta[k]!) + half;
  }
  return { lower, upper, covariance: cov };
}

// ------------------------------------------------------------------ leaderboard rows

export interface AgentRating {
  model: string;
  rating: number;
  lower: number;
  upper: number;
  /** 1 + number of agents whose lower bound exceeds this agent's upper bound. */
  rank: number;
  games: number;
  wins: number;
  losses: number;
  ties: number;
  /** Set when the maximum-likelihood estimate does not exist (unbeaten or winless): see unbounded.ts. */
  unbounded: Unbounded | null;
}

export interface RatingOptions {
  ci?: "bootstrap" | "sandwich";
  /** Bootstrap rounds (≥ 100 recommended; default 1000). */
  bootstrapRounds?: number;
  seed?: number;
  ridge?: number;
}

/** Per-agent games, wins, losses, ties (tie qualities pooled). */
export function agentRecords(data: BtData): { games: number; wins: number; losses: number; ties: number }[] {
  const rec = data.agents.map(() => ({ games: 0, wins: 0, losses: 0, ties: 0 }));
  for (let r = 0; r < data.i.length; r++) {
    const a = rec[data.i[r]!]!;
    const b = rec[data.j[r]!]!;
    const [wi, t, wj] = [data.counts[r * 3]!, data.counts[r * 3 + 1]!, data.counts[r * 3 + 2]!];
    a.wins += wi;
    a.losses += wj;
    a.ties += t;
    b.wins += wj;
    b.losses += wi;
    b.ties += t;
    a.games += wi + t + wj;
    b.games += wi + t + wj;
  }
  return rec;
}

/** Ranks from interval separation, per agent index. */
export function separationRanks(lower: ArrayLike<number>, upper: ArrayLike<number>): number[] {
  return Array.from({ length: lower.length }, (_, k) => {
    let above = 0;
    for (let o = 0; o < lower.length; o++) if (lower[o]! > upper[k]!) above++;
    return 1 + above;
  });
}

/** BT fit + intervals + ranks + records, sorted by rating (descending, then name). */
export function computeRatings(data: BtData, opts: RatingOptions = {}): AgentRating[] {
  if (data.agents.length === 0) return [];
  const fit = fitBradleyTerry(data, { ridge: opts.ridge });
  const ci =
    (opts.ci ?? "bootstrap") === "sandwich"
      ? sandwichIntervals(data, fit.theta, { ridge: opts.ridge })
      : bootstrapIntervals(data, fit.theta, { rounds: opts.bootstrapRounds, seed: opts.seed, ridge: opts.ridge });
  const ranks = separationRanks(ci.lower, ci.upper);
  const records = agentRecords(data);
  const rated = Array.from(fit.theta, thetaToRating);
  const unbounded = unboundedEstimates(data, rated);
  return data.agents
    .map((model, k) => ({
      model,
      rating: rated[k]!,
      lower: ci.lower[k]!,
      upper: ci.upper[k]!,
      rank: ranks[k]!,
      ...records[k]!,
      unbounded: unbounded[k]!,
    }))
    .sort((x, y) => y.rating - x.rating || (x.model < y.model ? -1 : 1));
}

// ------------------------------------------------------------------ online Elo

export interface EloOptions {
  k?: number;
  base?: number;
  scale?: number;
  init?: number;
}

export interface EloStep {
  index: number;
  model_a: string;
  model_b: string;
  /** Ratings after this battle. */
  rating_a: number;
  rating_b: number;
}

/** Online Elo in the given (time) order: K = 4, base 10, scale 400, init 1000 by default. */
export function onlineElo(battles: Iterable<Battle>, opts: EloOptions = {}): { ratings: Map<string, number>; history: EloStep[] } {
  const k = opts.k ?? 4;
  const base = opts.base ?? RATING_BASE;
  const scale = opts.scale ?? RATING_SCALE;
  const init = opts.init ?? RATING_INIT;
  const ratings = new Map<string, number>();
  const history: EloStep[] = [];
  let index = 0;
  for (const b of battles) {
    if (b.model_a === b.model_b) throw new RangeError(`an agent cannot play itself (${b.model_a})`);
    const ra = ratings.get(b.model_a) ?? init;
    const rb = ratings.get(b.model_b) ?? init;
    const expectedA = 1 / (1 + base ** ((rb - ra) / scale));
    const delta = k * (battleOutcome(b.winner) - expectedA);
    ratings.set(b.model_a, ra + delta);
    ratings.set(b.model_b, rb - delta);
    history.push({ index: index++, model_a: b.model_a, model_b: b.model_b, rating_a: ra + delta, rating_b: rb - delta });
  }
  return { ratings, history };
}
