"use client";

import { roundInWords } from "@arena/core";
import Link from "@/components/link";
import type { TournamentSummary } from "@arena/tournament/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { Code, Empty, StatusBadge, link } from "@/components/ui";
import { fmtTime } from "@/lib/format";
import { Progress } from "./progress";

const COLUMNS: DataColumn<TournamentSummary>[] = [
  {
    id: "name",
    header: "Tournament",
    sortValue: (t) => t.name.toLowerCase(),
    cell: (t) => (
      <Link href={`/tournaments/${t.id}`} className={`${link} font-medium`}>
        {t.name}
      </Link>
    ),
  },
  { id: "status", header: "Status", sortValue: (t) => t.status, cell: (t) => <StatusBadge status={t.status} /> },
  { id: "round", header: "Round", numeric: true, sortValue: (t) => t.currentRound, cell: (t) => roundInWords(t) },
  { id: "agents", header: "Agents", numeric: true, sortValue: (t) => t.agents, cell: (t) => t.agents },
  { id: "trees", header: "Trees", numeric: true, sortValue: (t) => t.trees, cell: (t) => t.trees },
  {
    id: "progress",
    header: "Progress",
    sortValue: (t) => (t.matches.total ? t.matches.completed / t.matches.total : 0),
    cell: (t) => <Progress matches={t.matches} />,
  },
  {
    id: "examiner",
    header: "Examiner",
    sortValue: (t) => t.examinerName,
    cell: (t) => (
      <>
        {t.examinerName} <span className="text-xs text-zinc-500">({t.examinerMode})</span>
      </>
    ),
  },
  {
    id: "created",
    header: "Created",
    sortValue: (t) => t.createdAt,
    cell: (t) => <span className="whitespace-nowrap text-xs text-zinc-500">{fmtTime(t.createdAt)}</span>,
  },
];

export function TournamentList({ tournaments }: { tournaments: TournamentSummary[] }) {
  if (tournaments.length === 0) {
    return (
      <Empty title="No tournament yet.">
        Create one with <Code>npx arena tournament create --name t1 --agents a,b,c --all-trees</Code>, then start it with{" "}
        <Code>npx arena tournament start &lt;id&gt;</Code>.
      </Empty>
    );
  }
  return (
    <DataTable
      testId="tournament-table"
      caption="Tournaments, newest first"
      rows={tournaments}
      columns={COLUMNS}
      rowKey={(t) => t.id}
      urlPrefix=""
      filter={{ label: "Find tournament", text: (t) => t.name }}
      minWidth="min-w-[760px]"
    />
  );
}
