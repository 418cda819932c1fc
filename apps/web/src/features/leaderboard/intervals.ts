/**
 * An interval around a value as `+x/−y`, or `—` when it has no width to show: the score reads give
 * null bounds (unbounded) from fewer than two matches, and a bootstrap over one match — or over
 * matches that all gave the same mean — cannot vary, so its zero-width interval says nothing about
 * uncertainty. All of these show as `—`, never `+0/−0`.
 */
export function fmtSpread(value: number, lower: number | null, upper: number | null, format: (x: number) => string): string {
  if (lower === null || upper === null || upper - lower <= 0) return "—";
  return `+${format(upper - value)}/−${format(value - lower)}`;
}

const UNBOUNDED_TITLE = "unbounded: fewer than two matches, so a bootstrap cannot vary";

/** The tooltip of an interval: its bounds, or why it shows as —. */
export function intervalTitle(lower: number | null, upper: number | null, format: (x: number) => string): string {
  if (lower === null || upper === null) return UNBOUNDED_TITLE;
  if (upper - lower <= 0) return "no spread: every resample gave the same mean (all matches agree), or there is one match";
  return `95 % interval ${format(lower)} to ${format(upper)}`;
}

/** A part that is not zero never prints as 0: small spreads get one more digit. */
const fine = (x: number, digits: number) => (x !== 0 && Math.abs(x) < 0.5 * 10 ** -digits ? x.toFixed(digits + 1) : x.toFixed(digits));

export const rating = (x: number) => fine(x, 0);
export const share = (x: number) => fine(x * 100, 0);
export const count = (x: number) => fine(x, 1);
