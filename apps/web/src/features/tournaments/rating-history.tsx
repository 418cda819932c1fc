import type { RatingHistory } from "@arena/tournament/read";
import { ChartFigure, DataTable } from "@/components/chart-figure";
import { fmtRating, fmtTime } from "@/lib/format";
import { EloHistoryChart } from "../analysis/charts";

/**
 * Agents in the order they were first rated, with each snapshot as one chart point keyed by agent
 * id; an unbeaten or winless agent has no point there, since the fit gives it no finite rating.
 */
function chartData(history: RatingHistory) {
  const agents = new Map<string, string>();
  for (const s of history) for (const r of s.ratings) if (!agents.has(r.agentId)) agents.set(r.agentId, r.name);
  const points: Record<string, number>[] = history.map((s) => ({
    matches: s.matchesCounted,
    ...Object.fromEntries(s.ratings.filter((r) => !r.unbounded).map((r) => [r.agentId, Math.round(r.rating)])),
  }));
  return { agents: [...agents].map(([id, name]) => ({ id, name })), points };
}

/** A table cell: the agent's rating at that snapshot, its side when unbounded, or a dash before it joined. */
function cellOf(row: RatingHistory[number]["ratings"][number] | undefined): string {
  if (!row) return "–";
  return row.unbounded ? row.unbounded.side : fmtRating(row.rating);
}

/** The tournament's rating history (issue 22): a line per agent across the stored snapshots, with the numbers as a table. */
export function RatingHistorySection({ history }: { history: RatingHistory }) {
  if (history.length === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">No rating snapshot yet: the history starts with the first rated match.</p>;
  const { agents, points } = chartData(history);
  const first = history[0]!;
  const last = history[history.length - 1]!;
  return (
    <ChartFigure
      testId="rating-history"
      title="Rating history"
      caption={`${history.length} stored snapshots from ${fmtTime(first.at)} to ${fmtTime(last.at)} (${last.matchesCounted} rated matches); an agent's line starts at the first snapshot after it joined, and has no point where it is unbeaten or winless (no finite rating).`}
      table={
        <DataTable
          head={["snapshot", "rated matches", ...agents.map((a) => a.name)]}
          rows={history.map((s) => [fmtTime(s.at), s.matchesCounted, ...agents.map((a) => cellOf(s.ratings.find((r) => r.agentId === a.id)))])}
        />
      }
    >
      <EloHistoryChart points={points} agents={agents} yLabel="Bradley–Terry rating" xLabel="rated matches at the snapshot" />
    </ChartFigure>
  );
}
