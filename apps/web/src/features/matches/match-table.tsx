"use client";

import Link from "@/components/link";
import { EXAMINER_MODE_INFO } from "@arena/core/closed-sets";
import type { MatchListItem } from "@arena/match/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { StatusBadge, link } from "@/components/ui";
import { fmtTime } from "@/lib/format";

function Side({ agent, won }: { agent: { id: string; name: string }; won: boolean }) {
  return (
    <Link href={`/agents/${agent.id}`} className={`${link} ${won ? "font-semibold" : ""}`}>
      {agent.name}
    </Link>
  );
}

/**
 * The server gives matches newest first a page at a time, so the columns do not re-sort (a sort
 * inside one page would look like a sort of all matches); filters narrow the list instead.
 */
const COLUMNS: DataColumn<MatchListItem>[] = [
  {
    id: "created",
    header: "Created",
    cell: (m) => <span className="whitespace-nowrap text-xs text-zinc-500 dark:text-zinc-400">{fmtTime(m.createdAt)}</span>,
  },
  { id: "a", header: "A", cell: (m) => <Side agent={m.agentA} won={m.winner === "A"} /> },
  {
    id: "score",
    header: "Score",
    numeric: true,
    cell: (m) => (
      <Link href={`/matches/${m.id}`} className={link} aria-label={`match ${m.agentA.name} versus ${m.agentB.name}`}>
        {m.scoreA}–{m.scoreB}
      </Link>
    ),
  },
  { id: "b", header: "B", cell: (m) => <Side agent={m.agentB} won={m.winner === "B"} /> },
  { id: "rounds", header: "Rounds", numeric: true, cell: (m) => m.rounds },
  {
    id: "status",
    header: "Status",
    cell: (m) => (
      <>
        <StatusBadge status={m.status} /> {m.winner === "tie" ? <span className="text-xs text-zinc-500">tie</span> : null}
        {m.wonByForfeit ? (
          <span className="ml-1 whitespace-nowrap text-xs font-medium text-amber-800 dark:text-amber-300">won by forfeit</span>
        ) : null}
        {EXAMINER_MODE_INFO[m.examinerMode].standIn ? (
          <span className="ml-1 text-xs text-amber-700 dark:text-amber-400">{m.examinerMode}</span>
        ) : null}
      </>
    ),
  },
  {
    id: "tree",
    header: "Tree",
    cell: (m) => (
      <Link href={`/trees/${m.treeId}`} className={link}>
        {m.treeTitle ?? "tree"}
      </Link>
    ),
  },
  {
    id: "tournament",
    header: "Tournament",
    cell: (m) =>
      m.tournamentId ? (
        <Link href={`/tournaments/${m.tournamentId}`} className={link}>
          {m.tournamentName}
        </Link>
      ) : (
        <span className="text-zinc-500">—</span>
      ),
  },
];

/** Matches newest first; the winner's name in bold, the score links to the match. */
export function MatchTable({ items }: { items: MatchListItem[] }) {
  return (
    <DataTable
      testId="match-table"
      caption="Matches, newest first"
      rows={items}
      columns={COLUMNS}
      rowKey={(m) => m.id}
      rowProps={(m) => ({ "data-testid": "match-row", "data-status": m.status })}
      minWidth="min-w-[760px]"
    />
  );
}
