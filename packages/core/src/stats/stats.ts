import tCdf from "@stdlib/stats-base-dists-t-cdf";
import { Rng } from "../rng";

/** Linear-interpolation quantile of sorted values (numpy's default, "type 7"). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) throw new RangeError("quantile of an empty sample");
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile must be in [0, 1], got ${q}`);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

function checkPaired(x: readonly number[], y: readonly number[]): void {
  if (x.length !== y.length) throw new RangeError(`paired samples differ in length (${x.length} vs ${y.length})`);
  if (x.length < 3) throw new RangeError("a correlation needs at least 3 pairs");
  if (![...x, ...y].every(Number.isFinite)) throw new RangeError("correlation inputs must be finite numbers");
}

export interface Correlation {
  r: number;
  /** Two-sided p-value of H0: r = 0 (t distribution with n−2 degrees of freedom). */
  p: number;
  n: number;
}

/** p-value from the t statistic of a correlation coefficient. */
function correlationP(r: number, n: number): number {
  if (Math.abs(r) >= 1) return 0;
  const t = r * Math.sqrt((n - 2) / (1 - r * r));
  return Math.min(1, 2 * (1 - tCdf(Math.abs(t), n - 2)));
}

/** Pearson r; NaN r (and p) when a sample is constant. */
export function pearson(x: readonly number[], y: readonly number[]): Correlation {
  checkPaired(x, y);
  const n = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  const r = sxx === 0 || syy === 0 ? NaN : Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
  return { r, p: Number.isNaN(r) ? NaN : correlationP(r, n), n };
}

/** 1-based ranks; tied values share the average of their ranks. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]![0] === order[start]![0]) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[order[k]![1]] = rank;
    start = end + 1;
  }
  return ranks;
}

/** Spearman ρ = Pearson on average ranks (p from the same t approximation). */
export function spearman(x: readonly number[], y: readonly number[]): Correlation {
  checkPaired(x, y);
  return pearson(averageRanks(x), averageRanks(y));
}

/** Cohen's κ for two raters labelling the same items; 1 when both use a single identical label. */
export function cohensKappa<T>(rater1: readonly T[], rater2: readonly T[]): number {
  if (rater1.length !== rater2.length) throw new RangeError("raters labelled different numbers of items");
  const n = rater1.length;
  if (n === 0) throw new RangeError("kappa needs at least one item");
  const c1 = new Map<T, number>();
  const c2 = new Map<T, number>();
  let agree = 0;
  for (let i = 0; i < n; i++) {
    const a = rater1[i]!;
    const b = rater2[i]!;
    if (a === b) agree++;
    c1.set(a, (c1.get(a) ?? 0) + 1);
    c2.set(b, (c2.get(b) ?? 0) + 1);
  }
  const po = agree / n;
  let pe = 0;
  for (const [label, k] of c1) pe += (k / n) * ((c2.get(label) ?? 0) / n);
  return pe === 1 ? 1 : (po - pe) / (1 - pe);
}

export interface BootstrapResult {
  estimate: number;
  lower: number;
  upper: number;
  /** Statistic of each resample, in draw order. */
  samples: number[];
}

/** Percentile bootstrap of any statistic, resampling items with replacement under a seed. */
export function bootstrap<T>(
  data: readonly T[],
  statistic: (sample: readonly T[]) => number,
  opts: { rounds?: number; seed?: number; level?: number } = {},
): BootstrapResult {
  const rounds = opts.rounds ?? 1000;
  const level = opts.level ?? 0.95;
  if (data.length === 0) throw new RangeError("bootstrap of an empty sample");
  const rng = Rng.fromSeed(opts.seed ?? 0);
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    samples.push(statistic(Array.from(data, () => data[rng.int(data.length)]!)));
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  return {
    estimate: statistic(data),
    lower: quantileSorted(sorted, tail),
    upper: quantileSorted(sorted, 1 - tail),
    samples,
  };
}
