"use client";

import Link from "@/components/link";
import type { WindowRatings } from "@arena/tournament/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { link } from "@/components/ui";
import { RatingCell } from "./rating-cell";

type WindowRow = WindowRatings["rows"][number];

const COLUMNS: DataColumn<WindowRow>[] = [
  {
    id: "rank",
    header: "Rank",
    title: "1 + agents whose lower bound exceeds this agent's upper bound, within the window",
    numeric: true,
    sortValue: (r) => r.rank,
    cell: (r) => r.rank,
  },
  {
    id: "name",
    header: "Agent",
    sortValue: (r) => r.name.toLowerCase(),
    cell: (r) => (
      <Link href={`/agents/${r.agentId}`} className={link}>
        {r.name}
      </Link>
    ),
  },
  {
    id: "rating",
    header: "Rating (95 % CI)",
    title: "Bradley–Terry fit of the window's matches, sandwich interval",
    numeric: true,
    sortValue: (r) => r.rating,
    cell: (r) => <RatingCell r={r} />,
  },
  { id: "matches", header: "Matches in window", numeric: true, sortValue: (r) => r.games, cell: (r) => r.games },
];

/** The leaderboard of a time window (`?window=30d`) on the arena's table. */
export function WindowTable({ window }: { window: WindowRatings }) {
  return (
    <DataTable
      testId="window-table"
      caption={`Ratings of the last ${window.days} days`}
      rows={window.rows}
      columns={COLUMNS}
      rowKey={(r) => r.agentId}
      rowProps={(r) => ({ "data-agent": r.name })}
      defaultSort={{ id: "rank", desc: false }}
      sticky={2}
      minWidth="min-w-[480px]"
    />
  );
}
