import Link from "@/components/link";
import type { LeaderboardView, WindowRatings } from "@arena/tournament/read";
import { Empty, link } from "@/components/ui";
import { pill } from "@/components/scope-selector";
import { fmtTime } from "@/lib/format";
import { query } from "@/lib/params";
import { WindowTable } from "./window-table";

/**
 * "All time | Last 30 days" as plain links kept in the URL (`window=30d`), beside the scope pills;
 * a tournament scope also links to its rating history on the tournament page.
 */
export function WindowPills({ board, window }: { board: LeaderboardView; window: WindowRatings | null }) {
  const href = (w?: string) => `/${query({ examiner: board.examiner?.id, tournament: board.tournament?.id, window: w })}`;
  return (
    <nav aria-label="Window" className="mb-4 flex flex-wrap items-center gap-1.5 text-sm" data-testid="window-pills">
      <span className="mr-1 text-zinc-500 dark:text-zinc-400">Window:</span>
      <Link href={href()} className={pill(!window)} aria-current={!window ? "page" : undefined}>
        All time
      </Link>
      <Link href={href("30d")} className={pill(window !== null)} aria-current={window ? "page" : undefined}>
        Last 30 days
      </Link>
      {board.tournament ? (
        <Link href={`/tournaments/${board.tournament.id}#history`} className={`ml-3 text-xs ${link}`} data-testid="history-link">
          Rating history over time →
        </Link>
      ) : null}
    </nav>
  );
}

/** The window's ratings, with a sentence saying plainly which matches they count. */
export function WindowView({ board, window }: { board: LeaderboardView; window: WindowRatings }) {
  const scope = board.tournament
    ? `of the tournament ${board.tournament.name}`
    : `of the examiner configuration ${board.examiner?.name ?? ""} (all its tournaments)`;
  return (
    <>
      <p data-testid="window-note" className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
        Showing the <strong>last {window.days} days</strong>: ratings fitted on the {window.matches} rated matches {scope} finished since{" "}
        <strong>{fmtTime(window.since)}</strong>, with sandwich 95 % intervals. Matches before then count only in{" "}
        <Link href={`/${query({ examiner: board.examiner?.id, tournament: board.tournament?.id })}`} className={link}>
          all time
        </Link>
        ; the report scores and the other columns are there too.
      </p>
      {window.rows.length === 0 ? (
        <Empty title={`No rated match in the last ${window.days} days.`}>
          The all-time leaderboard still holds every rated match of this scope.
        </Empty>
      ) : (
        <WindowTable window={window} />
      )}
    </>
  );
}
