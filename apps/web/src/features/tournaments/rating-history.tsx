import type { RatingHistory } from "@arena/tournament/read";
import { ChartFigure, DataTable } from "@/components/chart-figure";
import { describeRating, RATING_SCALE_NOTE } from "@arena/core/rating-display";
import { fmtTime } from "@/lib/format";
import { EloHistoryChart } from "../analysis/charts";

/**
 * Agents in the order they were first rated, with each snapshot as one chart point keyed by agent
 * id, placed where core describeRating plots it: an unbeaten or winless agent at its bound with a
 * ▲ / ▼ marker, no point where it has no bound.
 */
function chartData(history: RatingHistory) {
  const agents = new Map<string, string>();
  for (const s of history) for (const r of s.ratings) if (!agents.has(r.agentId)) agents.set(r.agentId, r.name);
  const plots = history.map((s) =>
    s.ratings.flatMap((r) => {
      const p = describeRating(r).plot;
      return p ? [[r.agentId, p] as const] : [];
    }),
  );
  const points: Record<string, number>[] = history.map((s, k) => ({
    matches: s.matchesCounted,
    ...Object.fromEntries(plots[k]!.map(([id, p]) => [id, Math.round(p.value)])),
  }));
  const markers = plots.map((row) => Object.fromEntries(row.map(([id, p]) => [id, p.marker])));
  return { agents: [...agents].map(([id, name]) => ({ id, name })), points, markers };
}

/** A table cell: the agent's rating at that snapshot as core describes it, or a dash before it joined. */
function cellOf(row: RatingHistory[number]["ratings"][number] | undefined): string {
  return row ? describeRating(row).text : "–";
}

/** The tournament's rating history (docs/tournaments.md): a line per agent across the stored snapshots, with the numbers as a table. */
export function RatingHistorySection({ history }: { history: RatingHistory }) {
  if (history.length === 0)
    return (
      <p className="text-sm text-zinc-500 dark:text-zinc-400">No rating snapshot yet: the history starts with the first rated match.</p>
    );
  const { agents, points, markers } = chartData(history);
  const first = history[0]!;
  const last = history[history.length - 1]!;
  return (
    <ChartFigure
      testId="rating-history"
      title="Rating history"
      caption={`${history.length} stored snapshots from ${fmtTime(first.at)} to ${fmtTime(last.at)} (${last.matchesCounted} rated matches); an agent's line starts at the first snapshot after it joined; where it is unbeaten (winless) it has no finite rating and its point is the bound its record supports, drawn ▲ at least (▼ at most). ${RATING_SCALE_NOTE}`}
      table={
        <DataTable
          head={["snapshot", "rated matches", ...agents.map((a) => a.name)]}
          rows={history.map((s) => [
            fmtTime(s.at),
            s.matchesCounted,
            ...agents.map((a) => cellOf(s.ratings.find((r) => r.agentId === a.id))),
          ])}
        />
      }
    >
      <EloHistoryChart
        points={points}
        agents={agents}
        markers={markers}
        yLabel="Bradley–Terry rating"
        xLabel="rated matches at the snapshot"
      />
    </ChartFigure>
  );
}
