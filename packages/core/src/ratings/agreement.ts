import type { VerdictToken } from "../closed-sets";
import {
  agentRecords,
  bootstrapIntervals,
  fitBradleyTerry,
  separationRanks,
  thetaToRating,
  type AgentRating,
  type Battle,
  type BtData,
} from "./ratings";
import { bootstrap, cohensKappa, quantileSorted, spearman } from "../stats/stats";
import { unboundedEstimates } from "./unbounded";
import { verdictWinner } from "../loop/verdict";

/**
 * How far two rankings of the same agents agree (docs/voting.md): the people's Bradley–Terry
 * ratings against the examiner's, or an external leaderboard against the examiner's. Spearman's ρ
 * and Kendall's τ-b over the agents both rank, with percentile-bootstrap intervals, and Cohen's κ
 * between the examiner's verdict and people's verdicts on the same rounds.
 */

/** A person's five-way verdict in seats (a vote, or an auditor's C1), as stored. */
export const PEOPLE_VERDICTS = ["A_MUCH_BETTER", "A_BETTER", "TIE", "B_BETTER", "B_MUCH_BETTER"] as const;
export type PeopleVerdict = (typeof PEOPLE_VERDICTS)[number];

/** The judge's token of a person's verdict (TIE is the judge's `[[Tie]]`). */
export function peopleVerdictToken(v: PeopleVerdict): VerdictToken {
  return v === "TIE" ? "[[Tie]]" : `[[${v}]]`;
}

/**
 * One person's verdict on a round as one battle, the way the examiner's results become battles:
 * the winner's seat wins whatever the margin (MUCH_BETTER and BETTER are one win, as a match
 * winner is one win whatever its score), a tie is a tie. Each vote is its own battle: votes are
 * separate people's separate judgements, unlike an examiner's adaptive rounds of one match.
 */
export function verdictBattle(agentA: string, agentB: string, v: PeopleVerdict): Battle {
  const winner = verdictWinner({ verdict: peopleVerdictToken(v) });
  return { model_a: agentA, model_b: agentB, winner: winner === "A" ? "model_a" : winner === "B" ? "model_b" : "tie" };
}

/** Win, loss or tie of a five-way verdict: the three categories κ compares (as the audit report does). */
export function verdictOutcome(v: PeopleVerdict): "A" | "B" | "tie" {
  return verdictWinner({ verdict: peopleVerdictToken(v) }) ?? "tie";
}

// ------------------------------------------------------------------ rank correlations

/**
 * Kendall's τ-b: (concordant − discordant) / √((n₀ − tiesₓ)(n₀ − tiesᵧ)) over all n₀ = n(n−1)/2
 * pairs, so tied ratings on either side neither agree nor disagree. NaN when a side is constant.
 * O(n²): rankings here have tens of agents, not thousands.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new RangeError(`paired samples differ in length (${x.length} vs ${y.length})`);
  if (x.length < 2) throw new RangeError("a rank correlation needs at least 2 pairs");
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0) tiesX++;
      if (dy === 0) tiesY++;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) concordant++;
        else discordant++;
      }
    }
  }
  const pairs = (x.length * (x.length - 1)) / 2;
  const denominator = Math.sqrt((pairs - tiesX) * (pairs - tiesY));
  return denominator === 0 ? Number.NaN : (concordant - discordant) / denominator;
}

/** Spearman's ρ (Pearson on average ranks); NaN when a side is constant. */
export const spearmanRho = (x: readonly number[], y: readonly number[]) => spearman(x, y).r;

/** A figure with its 95 % percentile-bootstrap interval. */
export interface Estimate {
  value: number;
  lower: number;
  upper: number;
}

/** Percentile interval of bootstrap replicates, NaN replicates (a constant resample) left out. */
function percentile(value: number, replicates: readonly number[], level: number): Estimate {
  const finite = replicates.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return { value, lower: value, upper: value };
  const tail = (1 - level) / 2;
  return { value, lower: quantileSorted(finite, tail), upper: quantileSorted(finite, 1 - tail) };
}

/**
 * ρ and τ-b between a reference ranking and an estimated one, with intervals from bootstrap
 * replicates (each replicate a vector in the same agent order): the spread of the figure when the
 * evidence behind the ratings is drawn again. With `referenceReplicates` (as many as `replicates`)
 * replicate r pairs the reference's r-th resample with the estimate's, so both sides' sampling
 * shows; without, the reference is held at its values. Needs at least 3 agents.
 */
export function rankAgreement(
  reference: readonly number[],
  estimate: readonly number[],
  replicates: readonly (readonly number[])[],
  opts: { level?: number; referenceReplicates?: readonly (readonly number[])[] } = {},
): { spearman: Estimate; kendall: Estimate } {
  const refs = opts.referenceReplicates;
  if (refs && refs.length !== replicates.length)
    throw new RangeError(`${refs.length} reference replicates for ${replicates.length} replicates`);
  const refOf = (r: number) => refs?.[r] ?? reference;
  const level = opts.level ?? 0.95;
  return {
    spearman: percentile(
      spearmanRho(reference, estimate),
      replicates.map((e, r) => spearmanRho(refOf(r), e)),
      level,
    ),
    kendall: percentile(
      kendallTauB(reference, estimate),
      replicates.map((e, r) => kendallTauB(refOf(r), e)),
      level,
    ),
  };
}

/**
 * Cohen's κ between two raters over the same items (unweighted, on whatever labels the caller
 * passes: the arena compares win/loss/tie, as the paper and the audit report do), with a
 * percentile bootstrap over items. Null without items.
 */
export function kappaEstimate<T>(
  pairs: readonly (readonly [T, T])[],
  opts: { rounds?: number; seed?: number; level?: number } = {},
): Estimate | null {
  if (pairs.length === 0) return null;
  const kappa = (sample: readonly (readonly [T, T])[]) =>
    cohensKappa(
      sample.map((p) => p[0]),
      sample.map((p) => p[1]),
    );
  const b = bootstrap(pairs, kappa, opts);
  return percentile(b.estimate, b.samples, opts.level ?? 0.95);
}

// ------------------------------------------------------------------ ratings with their replicates

export interface BootstrappedRatings {
  /** The leaderboard rows (as computeRatings gives them), best first. */
  ratings: AgentRating[];
  /** Per agent: its rating in each bootstrap replicate, in draw order. */
  replicates: Map<string, Float64Array>;
  rounds: number;
}

/**
 * computeRatings with bootstrap intervals, keeping each replicate's ratings so a figure computed
 * from the ratings (a rank correlation) gets its interval from the same resamples.
 */
export function bootstrapRatings(data: BtData, opts: { rounds: number; seed: number }): BootstrappedRatings {
  if (data.agents.length === 0) return { ratings: [], replicates: new Map(), rounds: opts.rounds };
  const fit = fitBradleyTerry(data);
  const ci = bootstrapIntervals(data, fit.theta, { rounds: opts.rounds, seed: opts.seed });
  const ranks = separationRanks(ci.lower, ci.upper);
  const records = agentRecords(data);
  const rated = Array.from(fit.theta, thetaToRating);
  const unbounded = unboundedEstimates(data, rated);
  const n = data.agents.length;
  const replicates = new Map(
    data.agents.map((agent, k) => [agent, Float64Array.from({ length: opts.rounds }, (_, r) => ci.samples[r * n + k]!)] as const),
  );
  const ratings = data.agents
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
  return { ratings, replicates, rounds: opts.rounds };
}

/** The replicates of the given agents as vectors in that order, one per bootstrap round. */
export function replicateVectors(b: BootstrappedRatings, agents: readonly string[]): number[][] {
  const columns = agents.map((a) => {
    const c = b.replicates.get(a);
    if (!c) throw new RangeError(`no replicates for ${a}`);
    return c;
  });
  return Array.from({ length: b.rounds }, (_, r) => columns.map((c) => c[r]!));
}

/**
 * ρ and τ-b between two rankings both given as fixed numbers (an external leaderboard's scores
 * and the examiner's ratings), with percentile intervals from resampling the agents with
 * replacement: how much the figure rests on which agents happen to be compared. Needs 3 agents.
 */
export function pairedRankAgreement(
  x: readonly number[],
  y: readonly number[],
  opts: { rounds?: number; seed?: number; level?: number } = {},
): { spearman: Estimate; kendall: Estimate } {
  if (x.length !== y.length) throw new RangeError(`paired samples differ in length (${x.length} vs ${y.length})`);
  const items = x.map((v, k) => [v, y[k]!] as const);
  const rho = (s: readonly (readonly [number, number])[]) =>
    spearmanRho(
      s.map((p) => p[0]),
      s.map((p) => p[1]),
    );
  const tau = (s: readonly (readonly [number, number])[]) =>
    kendallTauB(
      s.map((p) => p[0]),
      s.map((p) => p[1]),
    );
  const level = opts.level ?? 0.95;
  const r = bootstrap(items, rho, opts);
  const t = bootstrap(items, tau, opts);
  return { spearman: percentile(r.estimate, r.samples, level), kendall: percentile(t.estimate, t.samples, level) };
}
