/** Display helpers shared by pages: fixed formats so server and client render the same text. */

export const fmtInt = (n: number) => Math.round(n).toLocaleString("en-US");

export const fmtRating = (n: number) => Math.round(n).toString();

export const fmtPct = (x: number, digits = 0) => `${(x * 100).toFixed(digits)} %`;

export const fmtNum = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : "—");

/** `+x/−y` around a rating, as arena leaderboards show their 95 % intervals. */
export function fmtInterval(rating: number, lower: number, upper: number): string {
  return `+${Math.round(upper - rating)}/−${Math.round(rating - lower)}`;
}

/** UTC timestamps so a page reads the same on the server and in every visitor's browser. */
export function fmtTime(iso: string | null): string {
  if (!iso) return "—";
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

export function fmtMs(ms: number | null): string {
  if (ms === null) return "—";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function fmtUsd(usd: number | null): string {
  if (usd === null) return "—";
  return usd === 0 ? "$0" : usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

export function fmtChars(n: number): string {
  return n < 1000 ? `${n} chars` : `${(n / 1000).toFixed(1)}k chars`;
}

export function fmtP(p: number | null): string {
  if (p === null) return "—";
  return p < 0.001 ? "< 0.001" : p.toFixed(3);
}

/** `1 round`, `2 rounds`. */
export const plural = (n: number, word: string) => `${n} ${n === 1 ? word : /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`}`;
