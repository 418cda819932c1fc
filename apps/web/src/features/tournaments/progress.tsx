import type { TournamentSummary } from "@arena/tournament/read";

/** Matches done / running / queued as one bar with its numbers beside it. */
export function Progress({ matches }: { matches: TournamentSummary["matches"] }) {
  const { total, completed, running, queued, failed, cancelled } = matches;
  const pct = (n: number) => (total ? `${(n / total) * 100}%` : "0%");
  const text = `${completed} of ${total} matches done, ${running} running, ${queued} queued${failed ? `, ${failed} failed` : ""}${cancelled ? `, ${cancelled} cancelled` : ""}`;
  return (
    <div className="min-w-40">
      <div
        className="flex h-2 w-full overflow-hidden rounded-sm bg-zinc-200 dark:bg-zinc-700"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={completed}
        aria-label={text}
      >
        <span className="bg-emerald-500" style={{ width: pct(completed) }} />
        <span className="bg-sky-500" style={{ width: pct(running) }} />
        <span className="bg-red-500" style={{ width: pct(failed) }} />
      </div>
      <p className="mt-0.5 text-xs tabular-nums text-zinc-500 dark:text-zinc-400">{text}</p>
    </div>
  );
}
