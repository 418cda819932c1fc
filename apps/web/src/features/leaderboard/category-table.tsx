"use client";

import Link from "@/components/link";
import type { SnapshotAnalysis } from "@arena/tournament/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { fmtPct } from "@/lib/format";
import { Preliminary, RatingCell } from "./rating-cell";

type Category = SnapshotAnalysis["categories"][number];
type Row = Category["rows"][number] & { name: string; preliminary: boolean };

const COLUMNS: DataColumn<Row>[] = [
  { id: "rank", header: "Rank", numeric: true, sortValue: (r) => r.rank, cell: (r) => r.rank },
  {
    id: "name",
    header: "Agent",
    sortValue: (r) => r.name.toLowerCase(),
    cell: (r) => (
      <>
        <Link href={`/agents/${r.agentId}`} className="font-medium text-sky-700 hover:underline dark:text-sky-400">
          {r.name}
        </Link>
        {r.preliminary ? <Preliminary /> : null}
      </>
    ),
  },
  {
    id: "rating",
    header: "Rating (95 % CI)",
    title: "Bradley–Terry fit on this topic's matches, sandwich interval",
    numeric: true,
    sortValue: (r) => r.rating,
    cell: (r) => <RatingCell r={r} />,
    cellProps: () => ({ "data-testid": "rating" }),
  },
  { id: "matches", header: "Matches", numeric: true, sortValue: (r) => r.games, cell: (r) => r.games },
  { id: "wlt", header: "W-L-T", numeric: true, sortValue: (r) => r.wins - r.losses, cell: (r) => `${r.wins}-${r.losses}-${r.ties}` },
  {
    id: "winRate",
    header: "Win rate",
    numeric: true,
    sortValue: (r) => r.wins / Math.max(1, r.games),
    cell: (r) => fmtPct(r.wins / Math.max(1, r.games)),
  },
];

/** One topic's leaderboard: ratings fitted on the matches played on trees of that topic only. */
export function CategoryTable({
  category,
  names,
  preliminaryMatches,
}: {
  category: Category;
  names: Record<string, string>;
  preliminaryMatches: number;
}) {
  const rows = category.rows.map((r) => ({ ...r, name: names[r.agentId] ?? r.agentId, preliminary: r.games < preliminaryMatches }));
  return (
    <DataTable
      testId="category-table"
      caption={`Leaderboard of the topic ${category.topic}`}
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => r.agentId}
      rowProps={(r) => ({ "data-testid": "category-row", "data-agent": r.name })}
      defaultSort={{ id: "rank", desc: false }}
      urlPrefix=""
      sticky={2}
    />
  );
}
