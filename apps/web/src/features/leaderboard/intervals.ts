/**
 * An interval around a value as `+x/−y`, or `—` when it is unbounded: the score reads give null
 * bounds from fewer than two matches, and a rating bootstrap over one match cannot vary, so its
 * zero-width interval says nothing about uncertainty either. Both show as `—`, never `+0/−0`.
 */
export function fmtSpread(value: number, lower: number | null, upper: number | null, format: (x: number) => string): string {
  if (lower === null || upper === null || upper - lower <= 0) return "—";
  return `+${format(upper - value)}/−${format(value - lower)}`;
}

export const UNBOUNDED_TITLE = "unbounded: fewer than two matches, so a bootstrap cannot vary";

export const rating = (x: number) => Math.round(x).toString();
export const share = (x: number) => (x * 100).toFixed(0);
export const count = (x: number) => x.toFixed(1);
