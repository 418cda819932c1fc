"use client";

import Link from "@/components/link";
import type { TournamentView } from "@arena/tournament/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { link } from "@/components/ui";
import { fmtRating } from "@/lib/format";
import { Preliminary, RatingCell } from "../leaderboard/rating-cell";

type Standing = TournamentView["ratings"][number];

const COLUMNS: DataColumn<Standing>[] = [
  {
    id: "rank",
    header: "Rank",
    title: "1 + agents whose lower bound exceeds this agent's upper bound",
    numeric: true,
    sortValue: (r) => r.rank,
    cell: (r) => r.rank,
  },
  {
    id: "name",
    header: "Agent",
    sortValue: (r) => r.name.toLowerCase(),
    cell: (r) => (
      <>
        <Link href={`/agents/${r.agentId}`} className={link}>
          {r.name}
        </Link>
        {r.preliminary ? <Preliminary /> : null}
      </>
    ),
  },
  { id: "rating", header: "Rating (95 % CI)", numeric: true, sortValue: (r) => r.rating, cell: (r) => <RatingCell r={r} /> },
  {
    id: "elo",
    header: "Elo",
    title: "Online Elo (K = 4) in finishing order",
    numeric: true,
    sortValue: (r) => r.elo,
    cell: (r) => fmtRating(r.elo),
  },
  { id: "matches", header: "Matches", numeric: true, sortValue: (r) => r.matches, cell: (r) => r.matches },
  { id: "wlt", header: "W-L-T", numeric: true, sortValue: (r) => r.wins - r.losses, cell: (r) => `${r.wins}-${r.losses}-${r.ties}` },
];

/** A tournament's standings on the arena's table, preliminary agents marked as on the leaderboard. */
export function StandingsTable({ rows }: { rows: Standing[] }) {
  return (
    <DataTable
      testId="standings-table"
      caption="Tournament standings"
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => r.agentId}
      rowProps={(r) => ({ "data-agent": r.name })}
      defaultSort={{ id: "rank", desc: false }}
      sticky={2}
      minWidth="min-w-[560px]"
    />
  );
}
