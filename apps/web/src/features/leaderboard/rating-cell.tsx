import { describeRating, type RatingFacts } from "@arena/core/rating-display";
import { fmtRating } from "@/lib/format";

interface Rated extends RatingFacts {
  sandwich?: { lower: number; upper: number } | null;
}

/**
 * A rating as core's describeRating words it: the number and its interval, flagged when the
 * interval is wide, or — for an agent whose maximum-likelihood estimate does not exist (it never
 * lost, or never won) — the word and the bound its record supports, never the fit's number.
 */
export function RatingCell({ r }: { r: Rated }) {
  const d = describeRating(r);
  const sandwich = r.sandwich && !r.unbounded ? `; sandwich ${fmtRating(r.sandwich.lower)} to ${fmtRating(r.sandwich.upper)}` : "";
  // The cell reads exactly core's text; the lead word or number is set in bold.
  const rest = d.text.slice(d.value.length);
  return (
    <span data-rating-flag={d.flag} data-unbounded={r.unbounded ? r.unbounded.side : undefined} title={`${d.note}${sandwich}`}>
      <span className="font-medium">{d.value}</span>
      <span className={d.flag === "ok" ? "text-xs text-zinc-500 dark:text-zinc-400" : "text-xs text-amber-800 dark:text-amber-300"}>
        {rest}
      </span>
    </span>
  );
}

export function Preliminary() {
  return (
    <span
      className="ml-1.5 rounded bg-zinc-100 px-1 text-[0.7rem] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
      title="Fewer rated matches than the threshold: its interval is still wide and its rank may move a lot"
    >
      preliminary
    </span>
  );
}
