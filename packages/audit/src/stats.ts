/**
 * Agreement statistics of the audit report, pure and tested against hand-computed answers.
 */

/**
 * Cohen's κ of two raters over the same items: (p_o − p_e) / (1 − p_e), with p_e from each
 * rater's own marginals. Null without items; 1 when both raters always give one and the same
 * category (p_e = 1: perfect agreement, nothing left to chance).
 */
export function cohensKappa<T extends string>(pairs: readonly (readonly [T, T])[]): number | null {
  const n = pairs.length;
  if (n === 0) return null;
  const left = new Map<T, number>();
  const right = new Map<T, number>();
  let agree = 0;
  for (const [x, y] of pairs) {
    if (x === y) agree++;
    left.set(x, (left.get(x) ?? 0) + 1);
    right.set(y, (right.get(y) ?? 0) + 1);
  }
  const po = agree / n;
  let pe = 0;
  for (const [k, c] of left) pe += (c / n) * ((right.get(k) ?? 0) / n);
  if (pe === 1) return po === 1 ? 1 : 0;
  return (po - pe) / (1 - pe);
}

/**
 * Fewest items for which the report shows κ. Over one or two items κ is fixed by the marginals
 * alone (one disagreement over one item reads as κ = 0.00, one agreement as 1.00), a number that
 * says nothing about agreement; below this the report shows — beside the count. Three is the
 * least where κ can take a value between those extremes; small counts still carry the count.
 */
export const MIN_KAPPA_ITEMS = 3;

/** Cohen's κ for the report: null (shown as —) until MIN_KAPPA_ITEMS items are annotated. */
export function reportedKappa<T extends string>(pairs: readonly (readonly [T, T])[]): number | null {
  return pairs.length < MIN_KAPPA_ITEMS ? null : cohensKappa(pairs);
}

/** rows × columns counts: matrix[i][j] = pairs whose first value is categories[i] and second categories[j]. */
export function confusionMatrix<T extends string>(categories: readonly T[], pairs: readonly (readonly [T, T])[]): number[][] {
  const index = new Map(categories.map((c, i) => [c, i]));
  const m = categories.map(() => categories.map(() => 0));
  for (const [x, y] of pairs) {
    const i = index.get(x);
    const j = index.get(y);
    if (i !== undefined && j !== undefined) m[i]![j]!++;
  }
  return m;
}

/** Share (0–100) of `values` for which `hit` holds, with n; null share without values. */
export function percent<T>(values: readonly T[], hit: (v: T) => boolean): { percent: number | null; n: number } {
  const n = values.length;
  return { percent: n === 0 ? null : (100 * values.filter(hit).length) / n, n };
}
