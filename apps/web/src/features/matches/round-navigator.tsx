import type { MatchView } from "@arena/match/read";
import { verdictOf } from "./labels";

/**
 * A bar that stays at the top of a long match page: one link per round (its permalink
 * `#round-N`), marked with who won it, so a reader jumps to round N instead of scrolling.
 */
export function RoundNavigator({ rounds }: { rounds: MatchView["roundsList"] }) {
  if (rounds.length < 2) return null;
  return (
    <nav
      aria-label="Rounds"
      data-testid="round-navigator"
      className="sticky top-0 z-30 -mx-4 mt-4 border-b border-zinc-200 bg-white/95 px-4 py-2 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/95"
    >
      <ol className="flex gap-1.5 overflow-x-auto text-sm">
        <li className="shrink-0 self-center pr-1 text-xs text-zinc-600 dark:text-zinc-400">Jump to round</li>
        {rounds.map((r) => {
          const seat = verdictOf(r.verdict)?.seat;
          const won = seat === "A" || seat === "B" ? `${seat} won` : r.verdict ? "tie" : "not judged";
          return (
            <li key={r.number} className="shrink-0">
              <a
                href={`#round-${r.number}`}
                title={`Round ${r.number}: ${won}${r.voided ? ", voided" : ""}`}
                className={`inline-flex min-w-9 items-baseline justify-center gap-1 rounded border px-2 py-0.5 hover:bg-zinc-100 dark:hover:bg-zinc-800 ${r.voided ? "border-dashed border-zinc-400" : "border-zinc-300 dark:border-zinc-700"}`}
              >
                <span className="num">{r.number}</span>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">
                  {seat === "A" || seat === "B" ? seat : r.verdict ? "=" : "·"}
                </span>
                <span className="sr-only">{won}</span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
