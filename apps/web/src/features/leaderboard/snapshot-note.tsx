import type { LeaderboardView } from "@arena/tournament/read";
import { fmtTime } from "@/lib/format";
import { query } from "@/lib/params";
import { link } from "@/components/ui";

/** Which stored snapshot the numbers come from, and the same numbers as files. */
export function SnapshotNote({ board }: { board: LeaderboardView }) {
  const q = query({ examiner: board.examiner?.id, tournament: board.tournament?.id });
  return (
    <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
      <p>
        {board.snapshot ? (
          <>
            Snapshot of {board.snapshot.matchesCounted} rated matches, stored {fmtTime(board.snapshot.createdAt)} ({board.snapshot.ciMethod} intervals).
          </>
        ) : (
          "No snapshot stored yet."
        )}
      </p>
      <p className="flex gap-3">
        Download:
        <a href={`/api/leaderboard.csv${q}`} className={link}>CSV</a>
        <a href={`/api/leaderboard${q}`} className={link}>JSON</a>
        <a href={`/api/battles.jsonl${q}`} className={link} title="One line per rated match: model_a, model_b, winner">battles (JSONL)</a>
      </p>
    </div>
  );
}
