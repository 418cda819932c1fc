import { choleskyInPlace, choleskySolveInPlace } from "../stats/linalg";
import { separationRanks, thetaToRating } from "./ratings";
import { Rng } from "../rng";
import { quantileSorted } from "../stats/stats";

/**
 * Style- and citation-controlled Bradley–Terry, as public arenas control for style: each battle
 * carries covariates x (answer A's feature minus answer B's, on a bounded scale), and
 *   P(A beats B) = σ(θ_A − θ_B + βᵀx).
 * θ is then each agent's strength with the covariates held equal; β says how much the judge
 * rewards a feature for itself. Fitted by maximum likelihood (Newton with step halving) on the
 * battles themselves, since covariates differ per battle; ties count 0.5 as in the plain model.
 * A tiny ridge keeps unbeaten agents finite and centres θ (as ratings.ts does); β carries the
 * same ridge, so a covariate that separates the outcomes of a few matches stays finite too.
 * Intervals: percentile bootstrap over battles (resampled with replacement, fixed seed), for the
 * ratings and the coefficients alike.
 */
export interface ControlledBattle {
  a: string;
  b: string;
  /** A's result: 1 win, 0.5 tie, 0 loss. */
  outcome: number;
  /** Covariates of A minus those of B, in the order of `names`. */
  x: readonly number[];
}

export interface ControlledOptions {
  names: readonly string[];
  bootstrapRounds?: number;
  seed?: number;
  ridge?: number;
}

export interface ControlledRatings {
  ratings: { model: string; rating: number; lower: number; upper: number; rank: number }[];
  coefficients: { name: string; value: number; lower: number; upper: number }[];
  converged: boolean;
}

const THETA_RIDGE = 1e-4;
const sigmoid = (d: number) => 1 / (1 + Math.exp(-d));
const logSigmoid = (d: number) => (d >= 0 ? -Math.log1p(Math.exp(-d)) : d - Math.log1p(Math.exp(d)));

interface Design {
  agents: string[];
  a: Int32Array;
  b: Int32Array;
  y: Float64Array;
  x: Float64Array;
  k: number;
}

function design(battles: readonly ControlledBattle[], k: number): Design {
  const index = new Map<string, number>();
  const id = (s: string) => {
    if (!index.has(s)) index.set(s, index.size);
    return index.get(s)!;
  };
  const n = battles.length;
  const d: Design = { agents: [], a: new Int32Array(n), b: new Int32Array(n), y: new Float64Array(n), x: new Float64Array(n * k), k };
  battles.forEach((bt, r) => {
    if (bt.x.length !== k) throw new RangeError(`battle ${r} has ${bt.x.length} covariates, expected ${k}`);
    d.a[r] = id(bt.a);
    d.b[r] = id(bt.b);
    d.y[r] = bt.outcome;
    bt.x.forEach((v, c) => {
      d.x[r * k + c] = v;
    });
  });
  d.agents = [...index.keys()];
  return d;
}

/** Linear predictor of row r under parameters p = [θ (n), β (k)]. */
function eta(d: Design, p: Float64Array, n: number, r: number): number {
  let e = p[d.a[r]!]! - p[d.b[r]!]!;
  for (let c = 0; c < d.k; c++) e += p[n + c]! * d.x[r * d.k + c]!;
  return e;
}

function objective(d: Design, p: Float64Array, n: number, w: Float64Array, ridge: number): number {
  let ll = 0;
  for (let r = 0; r < d.y.length; r++) {
    if (w[r] === 0) continue;
    const e = eta(d, p, n, r);
    ll += w[r]! * (d.y[r]! * logSigmoid(e) + (1 - d.y[r]!) * logSigmoid(-e));
  }
  for (let i = 0; i < p.length; i++) ll -= 0.5 * ridge * p[i]! ** 2;
  return ll;
}

/** Newton ascent of the penalised log-likelihood with row weights w (bootstrap multiplicities). */
function fit(d: Design, w: Float64Array, p: Float64Array, ridge: number, tol = 1e-9, maxIter = 100): boolean {
  const n = d.agents.length;
  const m = n + d.k;
  const g = new Float64Array(m);
  const h = new Float64Array(m * m);
  const trial = new Float64Array(m);
  const z = new Float64Array(m);
  let obj = objective(d, p, n, w, ridge);
  for (let iter = 0; iter < maxIter; iter++) {
    g.fill(0);
    h.fill(0);
    for (let i = 0; i < m; i++) {
      g[i] = -ridge * p[i]!;
      h[i * m + i] = ridge;
    }
    for (let r = 0; r < d.y.length; r++) {
      if (w[r] === 0) continue;
      const q = sigmoid(eta(d, p, n, r));
      const resid = w[r]! * (d.y[r]! - q);
      const curv = w[r]! * q * (1 - q);
      z.fill(0);
      z[d.a[r]!] = 1;
      z[d.b[r]!] = -1;
      for (let c = 0; c < d.k; c++) z[n + c] = d.x[r * d.k + c]!;
      for (let i = 0; i < m; i++) {
        if (z[i] === 0) continue;
        g[i]! += resid * z[i]!;
        for (let j = 0; j < m; j++) if (z[j] !== 0) h[i * m + j]! += curv * z[i]! * z[j]!;
      }
    }
    choleskyInPlace(h, m);
    choleskySolveInPlace(h, m, g);
    let size = 0;
    for (let i = 0; i < m; i++) size = Math.max(size, Math.abs(g[i]!));
    if (size < tol) {
      for (let i = 0; i < m; i++) p[i]! += g[i]!;
      return true;
    }
    let step = 1;
    let next = obj;
    for (let halvings = 0; halvings < 40; halvings++, step /= 2) {
      for (let i = 0; i < m; i++) trial[i] = p[i]! + step * g[i]!;
      next = objective(d, trial, n, w, ridge);
      if (next >= obj - 1e-12 * Math.abs(obj)) break;
    }
    p.set(trial);
    obj = next;
  }
  return false;
}

/** The controlled fit with bootstrap intervals for ratings and coefficients, sorted by rating. */
export function controlledRatings(battles: readonly ControlledBattle[], opts: ControlledOptions): ControlledRatings {
  const d = design(battles, opts.names.length);
  const n = d.agents.length;
  const m = n + d.k;
  const ridge = opts.ridge ?? THETA_RIDGE;
  const ones = new Float64Array(battles.length).fill(1);
  const p = new Float64Array(m);
  const converged = fit(d, ones, p, ridge);
  const rounds = opts.bootstrapRounds ?? 200;
  const rng = Rng.fromSeed(opts.seed ?? 0);
  const samples = Array.from({ length: m }, () => new Float64Array(rounds));
  const w = new Float64Array(battles.length);
  const q = new Float64Array(m);
  for (let r = 0; r < rounds; r++) {
    w.fill(0);
    for (let i = 0; i < battles.length; i++) w[rng.int(battles.length)]! += 1;
    q.set(p);
    fit(d, w, q, ridge, 1e-6);
    for (let i = 0; i < m; i++) samples[i]![r] = i < n ? thetaToRating(q[i]!) : q[i]!;
  }
  const bounds = samples.map((s) => {
    s.sort();
    return [quantileSorted(s, 0.025), quantileSorted(s, 0.975)] as const;
  });
  const lower = bounds.slice(0, n).map((b) => b[0]);
  const upper = bounds.slice(0, n).map((b) => b[1]);
  const ranks = separationRanks(lower, upper);
  return {
    ratings: d.agents
      .map((model, i) => ({ model, rating: thetaToRating(p[i]!), lower: lower[i]!, upper: upper[i]!, rank: ranks[i]! }))
      .sort((x, y) => y.rating - x.rating || (x.model < y.model ? -1 : 1)),
    coefficients: opts.names.map((name, c) => ({ name, value: p[n + c]!, lower: bounds[n + c]![0], upper: bounds[n + c]![1] })),
    converged,
  };
}

// ------------------------------------------------------------------ covariates of an answer pair

/** What the controlled model looks at in one answer. */
export interface AnswerStyle {
  words: number;
  citations: number;
  /** Supported citations / judged citations, or null when none was judged. */
  supportedShare: number | null;
  /** Markdown elements (headings, list items, bold spans) per 100 words. */
  markdownDensity: number;
}

export const STYLE_COVARIATES = ["length", "citations", "supported_share", "markdown_density"] as const;

/** Normalised difference (a − b)/(a + b) ∈ [−1, 1], as style control normalises counts; 0 when both are 0. */
const normDiff = (a: number, b: number) => (a + b > 0 ? (a - b) / (a + b) : 0);

/** Covariates of a battle in STYLE_COVARIATES order; an unjudged share contributes 0 (no evidence either way). */
export function styleCovariates(a: AnswerStyle, b: AnswerStyle): number[] {
  const share = a.supportedShare !== null && b.supportedShare !== null ? a.supportedShare - b.supportedShare : 0;
  return [normDiff(a.words, b.words), normDiff(a.citations, b.citations), share, normDiff(a.markdownDensity, b.markdownDensity)];
}

/** Word count and Markdown density of an answer (its citations come from the scorers). */
export function markdownStyle(markdown: string): { words: number; markdownDensity: number } {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  const headings = (markdown.match(/^ {0,3}#{1,6}\s/gm) ?? []).length;
  // [ \t] rather than \s: a line-start \s* would run across blank lines and backtrack quadratically.
  const items = (markdown.match(/^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\S/gm) ?? []).length;
  const bold = (markdown.match(/\*\*[^*\n]+\*\*|__[^_\n]+__/g) ?? []).length;
  return { words, markdownDensity: words ? (100 * (headings + items + bold)) / words : 0 };
}
