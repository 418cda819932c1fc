/**
 * `npm run bench:pairing-bound [-- --seed 1 --repeats 40]`: how many agent calls could ANY pairing
 * rule save over Swiss in the pairing simulation (the target asked: "at most 70 % of Swiss's calls to reach
 * Spearman 0.9 on 16 close agents")? Evidence for docs/tournaments.md's "The pairing simulation" and "No pairing rule can meet the
 * 70 % target", which measured Swiss ≈ 910, info ≈ 960, oracle ≈ 950 calls.
 *
 * The bound is a design argument at the truth. 16 agents 0.02 apart (plantedSkills, one depth/width
 * split per seed); true θ = plantedTheta. Every pair plays PAIR_MATCHES model matches (playModelMatch)
 * for its mean cost c_ij in agent calls. A design λ (expected matches per pair) gives the fit's
 * asymptotic covariance L(λ)⁺, L = Σ λ_ij w_ij (e_i − e_j)(e_i − e_j)ᵀ, and the expected number of
 * wrongly ordered pairs U(λ) = Σ_{k<l} Φ(−|θ_k − θ_l|/√v_kl) (rankingUncertainty's objective) at cost
 * C(λ) = Σ λ_ij c_ij. Swiss's design is its played pairs averaged over repeats; the truth-optimal
 * design minimises U over all λ ≥ 0 of a given cost (exponentiated gradient on budget shares, several
 * starts). B* = the least budget whose optimum reaches Swiss's U; the ratio B* : C_swiss bounds what
 * any rule, adaptive or not, can save in this model's asymptotics: whatever a rule knows, each run
 * ends with some design of the calls it spent, and no design of that cost beats the optimum. The same
 * is done with pairs weighted by squared rank distance (a swap at rank distance r alone moves
 * Spearman's Σd² by 2r²). Finally the asymptotics are checked by playing: matches drawn i.i.d. from
 * the optimal designs at 100, 90, 80 and 70 % of Swiss's calls, fitted and scored as runPairingRule
 * does, beside Swiss's measured Spearman and Swiss's own design drawn i.i.d.
 *
 * Fisher information per match: w = p(1 − p), p = σ(θ_i − θ_j). The ratings' fit counts a tie as
 * half a win each way (fitBradleyTerry), and its Hessian has exactly this weight per match whatever
 * the outcome; the outcome's actual variance is smaller when ties are common (printed as a caveat).
 */
import { parseArgs } from "node:util";
import {
  multiply,
  pairingFit,
  Rng,
  rankingUncertainty,
  seedOf,
  spdInverse,
  spearman,
  wrongOrder,
  type PlayedMatch,
  type SimulatedPairingName as PairingRule,
} from "@arena/core";
import { plantedTheta, playModelMatch, runPairingRule } from "../packages/tournament/src/simulation/pairing-simulation";
import { plantedSkills, type PlantedAgent } from "../packages/tournament/src/simulation/planted-simulation";

const N = 16;
const SPREAD = 0.02;
const TREES = 12;
/** Model matches per pair measuring its cost and tie rate. */
const PAIR_MATCHES = 200;
/** Swiss's budget where it reaches Spearman ≈ 0.9 (the table in docs/tournaments.md), and two beside it. */
const REFERENCE = 900;
/**
 * Nominal budgets of the Swiss runs and the share of --repeats each gets: Swiss's search for a
 * pairing without rematches slows down once most pairs have met (~0.4 s a run at 900 calls, ~2 s at 1200).
 */
const SWISS_RUNS = [
  { budget: 600, share: 1 },
  { budget: REFERENCE, share: 1 },
  { budget: 1200, share: 0.25 },
];
/** The issue's target: at most this share of Swiss's calls. */
const TARGET = 0.7;
/** Repeats of the i.i.d. design draws (cheap: no refits between matches). */
const SAMPLE_REPEATS = 1000;
/** Shares of Swiss's calls the optimal designs are played at. */
const FRACTIONS = [1, 0.9, 0.8, TARGET];

const { values } = parseArgs({ options: { seed: { type: "string", default: "1" }, repeats: { type: "string", default: "40" } } });
const SEED = values.seed;
const REPEATS = Number(values.repeats);
if (!Number.isInteger(REPEATS) || REPEATS < 2) throw new RangeError("--repeats must be an integer ≥ 2");

const started = Date.now();
const log = (line: string) => console.log(line);
const progress = (what: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);
const fmt = (x: number, digits = 3) => x.toFixed(digits);

interface Pair {
  i: number;
  j: number;
  /** Mean agent calls per match. */
  c: number;
  /** Fisher information of one match's outcome for θ_i − θ_j. */
  w: number;
  /** Variance of the outcome (1, ½, 0) over p(1 − p): below 1 when ties are common. */
  spread: number;
}

/** Pair index p of agents i < j (row-major over the upper triangle). */
const pairIndex = (n: number, i: number, j: number) => i * n - (i * (i + 1)) / 2 + (j - i - 1);

/** Every pair's cost and information at the truth, from PAIR_MATCHES model matches each. */
function measurePairs(agents: readonly PlantedAgent[], theta: readonly number[]): Pair[] {
  const rng = Rng.fromSeed(seedOf(`pair-costs:${SEED}`));
  const pairs: Pair[] = [];
  for (let i = 0; i < agents.length; i++) {
    for (let j = i + 1; j < agents.length; j++) {
      let calls = 0;
      const ys: number[] = [];
      for (let r = 0; r < PAIR_MATCHES; r++) {
        const m = playModelMatch(agents[i]!, agents[j]!, rng);
        calls += 2 * m.rounds;
        ys.push(m.winner === "A" ? 1 : m.winner === "tie" ? 0.5 : 0);
      }
      const p = 1 / (1 + Math.exp(-(theta[i]! - theta[j]!)));
      const mean = ys.reduce((s, y) => s + y, 0) / ys.length;
      const variance = ys.reduce((s, y) => s + (y - mean) ** 2, 0) / (ys.length - 1);
      pairs.push({ i, j, c: calls / PAIR_MATCHES, w: p * (1 - p), spread: variance / (p * (1 - p)) });
    }
  }
  return pairs;
}

/** The objective: true θ, the pairs, and a weight per agent pair (k, l) of the loss (pair-indexed too). */
interface Problem {
  theta: readonly number[];
  pairs: readonly Pair[];
  weight: Float64Array;
}

/** (L + 11ᵀ/n)⁻¹ = L⁺ + 11ᵀ/n: the same differences v_kl as the pseudo-inverse. */
function covarianceOf(problem: Problem, lambda: Float64Array): Float64Array {
  const n = problem.theta.length;
  const h = new Float64Array(n * n).fill(1 / n);
  problem.pairs.forEach(({ i, j, w }, p) => {
    const x = lambda[p]! * w;
    h[i * n + i]! += x;
    h[j * n + j]! += x;
    h[i * n + j]! -= x;
    h[j * n + i]! -= x;
  });
  return spdInverse(h, n);
}

const variance = (cov: Float64Array, n: number, k: number, l: number) => cov[k * n + k]! + cov[l * n + l]! - 2 * cov[k * n + l]!;

/**
 * Weighted U(λ) = Σ ω_kl Φ(−|d_kl|/√v_kl) and its gradient in λ: dU/dv_kl = ω φ(|d|/√v)|d|/(2v^{3/2}),
 * dv_kl/dλ_ij = −w_ij ((e_k − e_l)ᵀ Σ (e_i − e_j))², summed as −w_ij (e_i − e_j)ᵀ Σ G Σ (e_i − e_j)
 * with G the Laplacian of the dU/dv_kl.
 */
function loss(problem: Problem, lambda: Float64Array): { u: number; grad: Float64Array } {
  const { theta, pairs, weight } = problem;
  const n = theta.length;
  const cov = covarianceOf(problem, lambda);
  const g = new Float64Array(n * n);
  let u = 0;
  pairs.forEach(({ i: k, j: l }, q) => {
    const v = variance(cov, n, k, l);
    const d = Math.abs(theta[k]! - theta[l]!);
    const x = d / Math.sqrt(v);
    u += weight[q]! * wrongOrder(d, v);
    const dudv = (weight[q]! * Math.exp((-x * x) / 2) * x) / (Math.sqrt(2 * Math.PI) * 2 * v);
    g[k * n + k]! += dudv;
    g[l * n + l]! += dudv;
    g[k * n + l]! -= dudv;
    g[l * n + k]! -= dudv;
  });
  const a = multiply(multiply(cov, g, n), cov, n);
  const grad = Float64Array.from(pairs, ({ i, j, w }) => -w * variance(a, n, i, j));
  return { u, grad };
}

/** λ spending budget shares μ of a budget (λ_ij = μ_ij·budget/c_ij), and back. */
const designOf = (pairs: readonly Pair[], shares: Float64Array, budget: number) =>
  Float64Array.from(pairs, ({ c }, p) => (shares[p]! * budget) / c);
const cost = (pairs: readonly Pair[], lambda: Float64Array) => pairs.reduce((s, { c }, p) => s + lambda[p]! * c, 0);
const sharesOf = (pairs: readonly Pair[], lambda: Float64Array) => {
  const total = cost(pairs, lambda);
  return Float64Array.from(pairs, ({ c }, p) => (lambda[p]! * c) / total);
};

interface Optimum {
  shares: Float64Array;
  u: number;
  /** Frank–Wolfe gap over U: 0 at a first-order optimum on the simplex of budget shares. */
  gap: number;
  iterations: number;
  trace: { iteration: number; u: number }[];
}

/**
 * min U(λ) over designs of cost `budget`: exponentiated gradient on the budget shares (a mirror step
 * on the simplex) with a step grown by 1.25 after a success and halved after a failure. The start is
 * mixed with 1 % of equal shares: a multiplicative step would take long to revive a share near zero.
 */
function optimise(problem: Problem, budget: number, start: Float64Array, maxIterations = 3000): Optimum {
  const { pairs } = problem;
  const checkpoints = new Set([0, 10, 100, 1000]);
  let shares: Float64Array = start.map((m) => 0.99 * m + 0.01 / start.length);
  let { u, grad } = loss(problem, designOf(pairs, shares, budget));
  let step = 1;
  let gap = Number.POSITIVE_INFINITY;
  const trace: Optimum["trace"] = [];
  let iteration = 0;
  for (; iteration < maxIterations; iteration++) {
    if (checkpoints.has(iteration)) trace.push({ iteration, u });
    // dU/dμ_ij = dU/dλ_ij · budget/c_ij
    const h = Float64Array.from(pairs, ({ c }, p) => (grad[p]! * budget) / c);
    const low = Math.min(...h);
    gap = (shares.reduce((s, m, p) => s + m * h[p]!, 0) - low) / u;
    if (gap < 1e-6) break;
    const range = Math.max(...h) - low;
    for (let tries = 0; tries < 60; tries++) {
      const trial = normalise(Float64Array.from(shares, (m, p) => m * Math.exp((-step * (h[p]! - low)) / range)));
      const next = loss(problem, designOf(pairs, trial, budget));
      if (next.u <= u) {
        shares = trial;
        ({ u, grad } = next);
        step *= 1.25;
        break;
      }
      step /= 2;
    }
  }
  trace.push({ iteration, u });
  return { shares, u, gap, iterations: iteration, trace };
}

function normalise(x: Float64Array): Float64Array {
  const total = x.reduce((s, v) => s + v, 0);
  return x.map((v) => v / total);
}

/** The best of several starts at one budget. */
function bestOf(problem: Problem, budget: number, starts: readonly Float64Array[]): Optimum {
  return starts.map((s) => optimise(problem, budget, s)).reduce((a, b) => (b.u < a.u ? b : a));
}

/**
 * Least budget whose optimum reaches `target` U, by bisection below `ceiling` (the optimum's U falls
 * as the budget grows); each step starts from the last optimum found.
 */
function budgetFor(
  problem: Problem,
  target: number,
  ceiling: number,
  starts: readonly Float64Array[],
): { budget: number; optimum: Optimum } {
  let lo = 0.1 * ceiling;
  let hi = ceiling;
  let optimum = bestOf(problem, hi, starts);
  for (let it = 0; it < 30 && hi - lo > 1e-4 * ceiling; it++) {
    const mid = (lo + hi) / 2;
    const at = optimise(problem, mid, optimum.shares);
    if (at.u <= target) {
      hi = mid;
      optimum = at;
    } else lo = mid;
  }
  return { budget: hi, optimum };
}

interface RuleDesign {
  rule: PairingRule;
  budget: number;
  lambda: Float64Array;
  /** Mean agent calls the runs spent. */
  calls: number;
  spearman: number[];
}

/** A rule's runs on the one agent set (repeat r: seed `${seed}:${r}`), played pairs averaged into λ. */
function ruleDesign(rule: PairingRule, agents: readonly PlantedAgent[], budget: number, repeats: number): RuleDesign {
  progress(`${rule} at ${budget} calls, ${repeats} repeats`);
  const lambda = new Float64Array((N * (N - 1)) / 2);
  const rhos: number[] = [];
  let calls = 0;
  for (let r = 0; r < repeats; r++) {
    const run = runPairingRule(rule, agents, { trees: TREES, budget, seed: `${SEED}:${r}` });
    for (const m of run.played) {
      const [i, j] = [Number(m.a), Number(m.b)].sort((x, y) => x - y) as [number, number];
      lambda[pairIndex(N, i, j)]! += 1 / repeats;
    }
    calls += run.agentCalls / repeats;
    rhos.push(run.spearman);
  }
  return { rule, budget, lambda, calls, spearman: rhos };
}

/**
 * Matches drawn i.i.d. ∝ λ until `budget` agent calls are spent (the last started match finishes),
 * fitted with pairingFit and scored with Spearman against the planted skills, as runPairingRule does.
 */
function sampleDesign(
  agents: readonly PlantedAgent[],
  pairs: readonly Pair[],
  lambda: Float64Array,
  budget: number,
  tag: string,
): { calls: number; spearman: number[] } {
  const ids = agents.map((_, k) => String(k));
  const overall = agents.map((a) => a.overall);
  const total = lambda.reduce((s, x) => s + x, 0);
  const rhos: number[] = [];
  let calls = 0;
  for (let r = 0; r < SAMPLE_REPEATS; r++) {
    const rng = Rng.fromSeed(seedOf(`sample:${tag}:${SEED}:${r}`));
    const played: PlayedMatch[] = [];
    let spent = 0;
    while (spent < budget) {
      const { i, j } = pairs[pickIndex(lambda, total * rng.float())]!;
      const m = playModelMatch(agents[i]!, agents[j]!, rng);
      spent += 2 * m.rounds;
      played.push({ a: String(i), b: String(j), winner: m.winner, calls: 2 * m.rounds });
    }
    calls += spent / SAMPLE_REPEATS;
    rhos.push(spearman(overall, pairingFit(ids, played).theta).r);
  }
  return { calls, spearman: rhos };
}

function pickIndex(weights: Float64Array, target: number): number {
  let acc = 0;
  for (let p = 0; p < weights.length; p++) {
    acc += weights[p]!;
    if (target < acc) return p;
  }
  return weights.length - 1;
}

/** Mean ± standard error (NaN Spearman, a constant fit, counts as 0 as in runPairingSimulation). */
function meanSe(xs: readonly number[]): { mean: number; se: number } {
  const ys = xs.map((x) => (Number.isFinite(x) ? x : 0));
  const mean = ys.reduce((s, y) => s + y, 0) / ys.length;
  const sd = Math.sqrt(ys.reduce((s, y) => s + (y - mean) ** 2, 0) / (ys.length - 1));
  return { mean, se: sd / Math.sqrt(ys.length) };
}
const showRho = (xs: readonly number[]) => {
  const { mean, se } = meanSe(xs);
  return `${fmt(mean)} ± ${fmt(se)}`;
};

/** Where a design spends: matches, calls and information per match, rank distance, U. */
function profile(problem: Problem, lambda: Float64Array) {
  const { pairs } = problem;
  const matches = lambda.reduce((s, x) => s + x, 0);
  const calls = cost(pairs, lambda);
  const info = pairs.reduce((s, { w }, p) => s + lambda[p]! * w, 0);
  const distance = pairs.reduce((s, { i, j }, p) => s + lambda[p]! * (j - i), 0);
  const neighbours = pairs.reduce((s, { i, j }, p) => s + (j - i === 1 ? lambda[p]! : 0), 0);
  const weakHalf = pairs.reduce((s, { j, c }, p) => s + (j < N / 2 ? lambda[p]! * c : 0), 0);
  return {
    matches,
    calls,
    callsPerMatch: calls / matches,
    infoPerMatch: info / matches,
    infoPerCall: info / calls,
    meanRankDistance: distance / matches,
    neighbourShare: neighbours / matches,
    weakHalfCallShare: weakHalf / calls,
    u: loss(problem, lambda).u,
  };
}

const showProfile = (name: string, x: ReturnType<typeof profile>) =>
  `${name.padEnd(22)} matches ${fmt(x.matches, 1).padStart(6)}  calls ${fmt(x.calls, 1).padStart(7)}  calls/match ${fmt(x.callsPerMatch, 2)}  info/match ${fmt(x.infoPerMatch, 4)}  info/call ${fmt(x.infoPerCall, 5)}  rank dist ${fmt(x.meanRankDistance, 2)}  neighbours ${fmt(x.neighbourShare, 2)}  weak-half calls ${fmt(x.weakHalfCallShare, 2)}  U ${fmt(x.u)}`;

// ---- 1–2: agents, truth, pairs -------------------------------------------------------------------
const agents = plantedSkills(N, SEED, SPREAD);
const theta = plantedTheta(agents, SEED);
progress("measuring every pair");
const pairs = measurePairs(agents, theta);
const neighbours = pairs.filter(({ i, j }) => j - i === 1);
const cheapest = pairs.reduce((a, b) => (b.c < a.c ? b : a));
const dearest = pairs.reduce((a, b) => (b.c > a.c ? b : a));
const avg = (xs: readonly Pair[], f: (p: Pair) => number) => xs.reduce((s, p) => s + f(p), 0) / xs.length;
const [weakNeighbours, strongNeighbours] = [neighbours.slice(0, 3), neighbours.slice(-3)];
log(
  `seed ${SEED}: ${N} agents ${SPREAD} apart, neighbours ${fmt(theta[1]! - theta[0]!)} natural-log odds apart; ${PAIR_MATCHES} model matches per pair`,
);
log(
  `cost per match (agent calls): cheapest ${fmt(cheapest.c, 2)} (${cheapest.i} v ${cheapest.j}), dearest ${fmt(dearest.c, 2)} (${dearest.i} v ${dearest.j}), neighbours' mean ${fmt(
    avg(neighbours, (p) => p.c),
    2,
  )}`,
);
for (const [name, group] of [
  ["weakest", weakNeighbours],
  ["strongest", strongNeighbours],
] as const) {
  log(
    `${name} 3 neighbour pairs: calls/match ${fmt(
      avg(group, (p) => p.c),
      2,
    )}, info/match ${fmt(
      avg(group, (p) => p.w),
      4,
    )}, info/call ${fmt(
      avg(group, (p) => p.w / p.c),
      5,
    )}, outcome variance / p(1−p) ${fmt(
      avg(group, (p) => p.spread),
      2,
    )}`,
  );
}

const unitWeights = Float64Array.from(pairs, () => 1);
const rankWeights = Float64Array.from(pairs, ({ i, j }) => (j - i) ** 2);
const problem: Problem = { theta, pairs, weight: unitWeights };
const rankProblem: Problem = { theta, pairs, weight: rankWeights };

// Gradient check: central differences on a few pairs at the uniform design of the reference budget.
const uniform = Float64Array.from(pairs, () => 1 / pairs.length);
{
  const lambda = designOf(pairs, uniform, REFERENCE);
  const { grad } = loss(problem, lambda);
  const error = [0, 15, 60, 119].reduce((worst, p) => {
    const h = 1e-4 * lambda[p]!;
    const at = (dx: number) =>
      loss(
        problem,
        lambda.map((x, q) => (q === p ? x + dx : x)),
      ).u;
    const numeric = (at(h) - at(-h)) / (2 * h);
    return Math.max(worst, Math.abs(numeric - grad[p]!) / Math.abs(numeric));
  }, 0);
  log(`gradient check (central differences, 4 pairs): max relative error ${error.toExponential(1)}`);
}

// ---- 4: the rules' designs -------------------------------------------------------------------------
const designs = [
  ...SWISS_RUNS.map(({ budget, share }) => ruleDesign("swiss", agents, budget, Math.max(2, Math.round(share * REPEATS)))),
  ...(["info", "random"] as const).map((rule) => ruleDesign(rule, agents, REFERENCE, REPEATS)),
];
const swiss = designs.find((d) => d.rule === "swiss" && d.budget === REFERENCE)!;
const byRule = (rule: PairingRule) => designs.find((d) => d.rule === rule && d.budget === REFERENCE)!;
log("");
log("rules' designs: played pairs averaged over the runs on this agent set; calls = Σλc at the pairs' mean costs");
for (const d of designs) {
  log(showProfile(`${d.rule} @${d.budget}`, profile(problem, d.lambda)));
  log(`${"".padEnd(22)} ${d.spearman.length} runs: measured calls ${fmt(d.calls, 1)}, Spearman ${showRho(d.spearman)}`);
}
const swissCov = covarianceOf(problem, swiss.lambda);
log(
  `U(λ_swiss) cross-check with rankingUncertainty on the same covariance: ${fmt(rankingUncertainty(theta, swissCov), 6)} vs ${fmt(loss(problem, swiss.lambda).u, 6)}`,
);

// ---- 5: the truth-optimal design -------------------------------------------------------------------
const C = cost(pairs, swiss.lambda);
const starts = [
  { name: "uniform", shares: uniform },
  ...(["swiss", "info", "random"] as const).map((rule) => ({ name: `λ_${rule}`, shares: sharesOf(pairs, byRule(rule).lambda) })),
];
const boundFor = (name: string, p: Problem) => {
  progress(`optimising ${name} at C_swiss`);
  const uSwiss = loss(p, swiss.lambda).u;
  log("");
  log(`${name}: Swiss @${REFERENCE} has C_swiss = ${fmt(C, 1)} calls (model cost), U_swiss = ${fmt(uSwiss, 4)}`);
  const runs = starts.map((s) => ({ name: s.name, optimum: optimise(p, C, s.shares) }));
  for (const { name: start, optimum } of runs) {
    log(
      `  start ${start.padEnd(9)} U at iterations ${optimum.trace.map((t) => `${t.iteration}: ${fmt(t.u, 4)}`).join(", ")}; gap ${optimum.gap.toExponential(1)}`,
    );
  }
  const best = runs.map((r) => r.optimum).reduce((a, b) => (b.u < a.u ? b : a));
  const uAtTarget = optimise(p, TARGET * C, best.shares).u;
  progress(`bisecting the budget for ${name}`);
  const { budget, optimum } = budgetFor(p, uSwiss, C, [best.shares]);
  log(
    `  min U at C_swiss ${fmt(best.u, 4)} (${fmt(best.u / uSwiss)} of Swiss's); at ${fmt(TARGET * 100, 0)} % of C_swiss ${fmt(uAtTarget, 4)} (${fmt(uAtTarget / uSwiss)} of Swiss's)`,
  );
  log(`  B* = ${fmt(budget, 1)} calls reach U_swiss: B*/C_swiss = ${fmt(budget / C)}`);
  return { uSwiss, uOptimal: best.u, uAtTarget, budget, ratio: budget / C, optimalAtC: best, optimalAtBudget: optimum };
};
const bound = boundFor("U (wrongly ordered pairs)", problem);
log(showProfile("  optimum @C_swiss", profile(problem, designOf(pairs, bound.optimalAtC.shares, C))));
log(showProfile("  optimum @B*", profile(problem, designOf(pairs, bound.optimalAtBudget.shares, bound.budget))));
const rankBound = boundFor("U weighted by rank distance²", rankProblem);

// The same ratio at Swiss's other budgets (U only).
const otherRatios = designs
  .filter((d) => d.rule === "swiss" && d.budget !== REFERENCE)
  .map((d) => {
    progress(`bisecting the budget for swiss @${d.budget}`);
    const c = cost(pairs, d.lambda);
    const { budget } = budgetFor(problem, loss(problem, d.lambda).u, c, [uniform, sharesOf(pairs, d.lambda), bound.optimalAtC.shares]);
    return { budget: d.budget, cSwiss: c, bStar: budget, ratio: budget / c };
  });
log("U (wrongly ordered pairs) at Swiss's other budgets:");
for (const r of otherRatios) log(`  swiss @${r.budget}: C_swiss ${fmt(r.cSwiss, 1)}, B* ${fmt(r.bStar, 1)}, B*/C_swiss ${fmt(r.ratio)}`);

// ---- 6: the asymptotics played -----------------------------------------------------------------------
log("");
log(`played: matches drawn i.i.d. ∝ a design until the calls are spent, ${SAMPLE_REPEATS} repeats; Spearman mean ± s.e.`);
const playDesign = (name: string, lambda: Float64Array, budget: number) => {
  progress(`playing ${name}`);
  return { name, ...sampleDesign(agents, pairs, lambda, budget, name) };
};
/** Each objective's optimum at a share of Swiss's measured calls, played. */
const playOptima = (fraction: number) =>
  [
    { name: "U optimum", p: problem, from: bound.optimalAtC.shares },
    { name: "rank² optimum", p: rankProblem, from: rankBound.optimalAtC.shares },
  ].map(({ name, p, from }) => {
    const budget = fraction * swiss.calls;
    return playDesign(`${name} @${fmt(fraction * 100, 0)} %`, designOf(pairs, bestOf(p, budget, [from, uniform]).shares, 1), budget);
  });
const rows = [
  { name: `swiss (the rule, ${swiss.spearman.length} runs)`, calls: swiss.calls, spearman: swiss.spearman },
  playDesign("λ_swiss @100 %", swiss.lambda, swiss.calls),
  ...FRACTIONS.flatMap(playOptima),
  playDesign(
    `all pairs alike @${fmt(TARGET * 100, 0)} %`,
    Float64Array.from(pairs, () => 1),
    TARGET * swiss.calls,
  ),
];
for (const r of rows) log(`  ${r.name.padEnd(30)} calls ${fmt(r.calls, 1).padStart(7)}  Spearman ${showRho(r.spearman)}`);
const swissLow = designs.find((d) => d.rule === "swiss" && d.budget === SWISS_RUNS[0]!.budget)!;
log(
  `  for scale: swiss @${swissLow.budget} spends ${fmt(swissLow.calls, 1)} calls (${fmt((100 * swissLow.calls) / swiss.calls, 0)} %) for Spearman ${showRho(swissLow.spearman)}`,
);

const seconds = (Date.now() - started) / 1000;
log("");
log(`run time ${fmt(seconds, 1)} s`);
log(
  JSON.stringify({
    seed: SEED,
    repeats: REPEATS,
    sampleRepeats: SAMPLE_REPEATS,
    pairCosts: { cheapest: cheapest.c, dearest: dearest.c, neighbourMean: avg(neighbours, (p) => p.c) },
    rules: designs.map((d) => ({
      rule: d.rule,
      budget: d.budget,
      calls: d.calls,
      modelCost: cost(pairs, d.lambda),
      u: loss(problem, d.lambda).u,
      spearman: meanSe(d.spearman),
    })),
    bound: {
      cSwiss: C,
      uSwiss: bound.uSwiss,
      uOptimal: bound.uOptimal,
      uAtTarget: bound.uAtTarget,
      bStar: bound.budget,
      ratio: bound.ratio,
      otherBudgets: otherRatios,
    },
    rankWeighted: {
      uSwiss: rankBound.uSwiss,
      uOptimal: rankBound.uOptimal,
      uAtTarget: rankBound.uAtTarget,
      bStar: rankBound.budget,
      ratio: rankBound.ratio,
    },
    played: rows.map((r) => ({ name: r.name, calls: r.calls, spearman: meanSe(r.spearman) })),
    seconds,
  }),
);
