import type { RatingFlag } from "../closed-sets";
import type { Unbounded } from "./unbounded";

export type { RatingFlag };

/**
 * How a rating is shown, decided once for every page, chart, export and the CLI: a rating whose
 * maximum-likelihood estimate does not exist (unbeaten, winless) is never shown as the number the
 * fit stopped at, and an interval too wide to rank by says so in a word.
 */

/** The mean rating of the agents fitted together: the scale is relative, anchored there. */
export const RATING_MEAN = 1000;

/** An interval reaching further than this many points on either side of the rating is flagged `wide`. */
export const WIDE_INTERVAL = 400;

/** What a rating is described from: a leaderboard row, a snapshot row or a history point. */
export interface RatingFacts {
  rating: number;
  /** 95 % interval bounds (bootstrap on the all-time board, sandwich in windows). */
  lower: number;
  upper: number;
  /** Set when the estimate does not exist; absent in snapshots stored before it was detected. */
  unbounded?: Unbounded | null;
}

export interface RatingPlot {
  /** Where the dot goes: the rating, or the bound of an unbounded one. */
  value: number;
  /** The whisker's ends; null on the side where an unbounded rating has no end. */
  lower: number | null;
  upper: number | null;
  /** `point`: an estimate; `atLeast` / `atMost`: an unbeaten / winless agent drawn at its bound (▲ / ▼). */
  marker: "point" | "atLeast" | "atMost";
}

export interface RatingDescription {
  flag: RatingFlag;
  /** The lead word or number: "1012", "unbeaten", "winless", "no win over the rest". */
  value: string;
  /** What follows it: "+45/−38", "≥ 927", "≤ 610", or "" (unbounded without a bound). */
  detail: string;
  /** The whole line: "1012 +45/−38", "917 +1707/−889 (wide)", "unbeaten, ≥ 927", "unbeaten (no bound)". */
  text: string;
  /** One sentence saying how to read it (tooltips, CLI notes). */
  note: string;
  /** How a chart draws it, or null where there is nothing to draw (unbounded with no bound). */
  plot: RatingPlot | null;
}

const round = (x: number) => Math.round(x).toString();
/** `+x/−y`; a side that rounds to 0 but is not 0 still shows as a spread, never as a point estimate. */
const spread = (r: RatingFacts) => `+${round(r.upper - r.rating)}/−${round(r.rating - r.lower)}`;

/** The lead word: "unbeaten" / "winless", or what an agent that did lose (win) among its like is. */
const unboundedWord = (u: Unbounded) => (u.shared ? (u.side === "unbeaten" ? "no loss to the rest" : "no win over the rest") : u.side);

function unboundedNote(u: Unbounded): string {
  const [record, beyond] = u.side === "unbeaten" ? ["lost or tied", "below"] : ["won or tied", "above"];
  const like =
    u.side === "unbeaten"
      ? "its only losses and ties are against agents that, like it, never lost to the rest"
      : "its only wins and ties are against agents that, like it, never beat the rest";
  const why = u.shared
    ? `No finite rating: ${like}, so the fit has no estimate for it.`
    : `No finite rating: it has not ${record} a match against the rest, so the fit has no estimate for it.`;
  return u.bound === null
    ? `${why} It played only agents like it, so no bound can be given.`
    : `${why} Its record makes a rating ${beyond} ${round(u.bound)} implausible (under 2.5 % chance).`;
}

/**
 * The one description of a rating. Decision for charts: an unbeaten (winless) agent is drawn at
 * its bound with an upward (downward) marker and a whisker open on its unbounded side; with no
 * bound (it met only agents like it) it is not drawn.
 */
export function describeRating(r: RatingFacts): RatingDescription {
  const u = r.unbounded ?? null;
  if (u) {
    const sign = u.side === "unbeaten" ? "≥" : "≤";
    const detail = u.bound === null ? "" : `${sign} ${round(u.bound)}`;
    const word = unboundedWord(u);
    return {
      flag: u.side,
      value: word,
      detail,
      text: u.bound === null ? `${word} (no bound)` : `${word}, ${detail}`,
      note: unboundedNote(u),
      plot:
        u.bound === null
          ? null
          : u.side === "unbeaten"
            ? { value: u.bound, lower: u.bound, upper: null, marker: "atLeast" }
            : { value: u.bound, lower: null, upper: u.bound, marker: "atMost" },
    };
  }
  const wide = r.upper - r.rating > WIDE_INTERVAL || r.rating - r.lower > WIDE_INTERVAL;
  const detail = spread(r);
  const interval = `95 % interval ${round(r.lower)} to ${round(r.upper)}`;
  return {
    flag: wide ? "wide" : "ok",
    value: round(r.rating),
    detail,
    text: `${round(r.rating)} ${detail}${wide ? " (wide)" : ""}`,
    note: wide
      ? `${interval}: more than ${WIDE_INTERVAL} points on a side, so too few or too one-sided matches to place it yet.`
      : `${interval}.`,
    plot: { value: r.rating, lower: r.lower, upper: r.upper, marker: "point" },
  };
}

/** What every rating legend says about the scale, so a negative rating is read right. */
export const RATING_SCALE_NOTE = `Ratings are relative: the mean of the agents fitted together is ${RATING_MEAN}, and 400 points apart means 10:1 odds of winning a match, so a rating below 0 only means far below the mean.`;

/** What the flags mean, for legends and the docs. */
export const RATING_FLAG_NOTES: Record<RatingFlag, string> = {
  ok: "an estimate with its 95 % interval (+above/−below)",
  wide: `the 95 % interval reaches more than ${WIDE_INTERVAL} points on a side: too few or too one-sided matches to place it yet`,
  unbeaten:
    "never lost or tied against the rest (no loss to the rest: lost only to agents in the same position): no finite rating; ≥ R is the lowest rating its record makes plausible",
  winless:
    "never won or tied against the rest (no win over the rest: won only against agents in the same position): no finite rating; ≤ R is the highest rating its record makes plausible",
};
