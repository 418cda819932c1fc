/**
 * An interval around a value as `+x/−y`. `—` only for no interval at all: the score reads give
 * null bounds from fewer than two matches. A bootstrap over matches that all gave the same mean
 * has zero width; that is a fact about the data (every match agrees), shown as `±0`.
 */
export function fmtSpread(value: number, lower: number | null, upper: number | null, format: (x: number) => string): string {
  if (lower === null || upper === null) return "—";
  if (upper - lower <= 0) return "±0";
  return `+${format(upper - value)}/−${format(value - lower)}`;
}

const UNBOUNDED_TITLE = "unbounded: fewer than two matches, so a bootstrap cannot vary";

/** The tooltip of an interval: its bounds, or why it shows as —. */
export function intervalTitle(lower: number | null, upper: number | null, format: (x: number) => string): string {
  if (lower === null || upper === null) return UNBOUNDED_TITLE;
  if (upper - lower <= 0) return "no spread: every resample gave the same mean, because every match gave the same value";
  return `95 % interval ${format(lower)} to ${format(upper)}`;
}

/** A part that is not zero never prints as 0: small spreads get one more digit. */
const fine = (x: number, digits: number) => (x !== 0 && Math.abs(x) < 0.5 * 10 ** -digits ? x.toFixed(digits + 1) : x.toFixed(digits));

export const rating = (x: number) => fine(x, 0);
export const share = (x: number) => fine(x * 100, 0);
export const count = (x: number) => fine(x, 1);
