import type { LeaderboardView } from "@arena/tournament/read";
import { fmtTime, plural } from "@/lib/format";
import { query } from "@/lib/params";
import { link } from "@/components/ui";

/** How the latest snapshot differs from the one before (an audit that voids rounds can remove matches). */
function sinceLast(counted: number, previous: number | null): string {
  if (previous === null) return "the first snapshot of this scope";
  const diff = counted - previous;
  return diff >= 0
    ? `${plural(diff, "match")} new since the previous snapshot`
    : `${plural(-diff, "match")} fewer than the previous snapshot (voided by an audit)`;
}

/** Which stored snapshot the numbers come from, and the same numbers as files. */
export function SnapshotNote({ board }: { board: LeaderboardView }) {
  const q = query({ examiner: board.examiner?.id, tournament: board.tournament?.id });
  return (
    <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
      <p>
        {board.snapshot ? (
          <>
            <span data-testid="last-updated">
              Last updated {fmtTime(board.snapshot.createdAt)}:{" "}
              {sinceLast(board.snapshot.matchesCounted, board.snapshot.previousMatchesCounted)}.
            </span>{" "}
            {plural(board.snapshot.matchesCounted, "rated match")} in all ({board.snapshot.ciMethod} intervals).
          </>
        ) : (
          "No snapshot stored yet."
        )}
      </p>
      <p className="flex gap-3">
        Download:
        <a href={`/api/leaderboard.csv${q}`} className={link}>
          CSV
        </a>
        <a href={`/api/leaderboard${q}`} className={link}>
          JSON
        </a>
        <a
          href={`/api/battles.jsonl${q}`}
          className={link}
          title="One line per rated match: model_a, model_b, winner, match_id, finished_at, tree, examiner_config"
        >
          battles (JSONL)
        </a>
      </p>
    </div>
  );
}
