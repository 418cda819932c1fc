import { fmtRating } from "@/lib/format";
import { fmtSpread, rating } from "./intervals";

interface Rated {
  rating: number;
  lower: number;
  upper: number;
  sandwich?: { lower: number; upper: number } | null;
  unbounded: { side: "unbeaten" | "winless"; bound: number | null } | null;
}

function unboundedTitle(side: "unbeaten" | "winless", bound: number | null): string {
  const [record, move, beyond] = side === "unbeaten" ? ["lost or tied", "raise", "below"] : ["won or tied", "lower", "above"];
  const why = `No finite rating: it has not ${record} a match against the rest, so the fit could always ${move} it.`;
  return bound === null ? `${why} It played only agents like it, so no bound can be given.` : `${why} Its record makes a rating ${beyond} ${fmtRating(bound)} implausible (under 2.5 % chance).`;
}

/**
 * A rating with its interval, or — for an agent whose maximum-likelihood estimate does not exist
 * (it never lost, or never won) — the word and the bound its record supports, never the fit's
 * penalty-limited number.
 */
export function RatingCell({ r }: { r: Rated }) {
  if (r.unbounded) {
    const { side, bound } = r.unbounded;
    const sign = side === "unbeaten" ? "≥" : "≤";
    return (
      <span data-unbounded={side} title={unboundedTitle(side, bound)}>
        <span className="font-medium">{side}</span>
        {bound === null ? null : (
          <>
            {" "}
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              {sign} {fmtRating(bound)}
            </span>
          </>
        )}
      </span>
    );
  }
  const sandwich = r.sandwich ? `; sandwich ${fmtRating(r.sandwich.lower)} to ${fmtRating(r.sandwich.upper)}` : "";
  return (
    <>
      <span className="font-medium">{fmtRating(r.rating)}</span>{" "}
      <span className="text-xs text-zinc-500 dark:text-zinc-400" title={`95 % bootstrap interval ${fmtRating(r.lower)} to ${fmtRating(r.upper)}${sandwich}`}>
        {fmtSpread(r.rating, r.lower, r.upper, rating)}
      </span>
    </>
  );
}

export function Preliminary() {
  return (
    <span className="ml-1.5 rounded bg-zinc-100 px-1 text-[0.7rem] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300" title="Fewer rated matches than the threshold: its interval is still wide and its rank may move a lot">
      preliminary
    </span>
  );
}
