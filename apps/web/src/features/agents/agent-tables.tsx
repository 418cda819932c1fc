"use client";

import Link from "@/components/link";
import type { AgentView } from "@arena/tournament/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { StatusBadge, link } from "@/components/ui";
import { fmtPct, fmtTime } from "@/lib/format";

type HeadToHeadRow = AgentView["headToHead"][number];

const HEAD_TO_HEAD: DataColumn<HeadToHeadRow>[] = [
  {
    id: "opponent",
    header: "Opponent",
    sortValue: (h) => h.opponent.toLowerCase(),
    cell: (h) => (
      <Link href={`/agents/${h.opponentId}`} className={link}>
        {h.opponent}
      </Link>
    ),
  },
  { id: "games", header: "Matches", numeric: true, sortValue: (h) => h.games, cell: (h) => h.games },
  { id: "wlt", header: "W-L-T", numeric: true, sortValue: (h) => h.wins - h.losses, cell: (h) => `${h.wins}-${h.losses}-${h.ties}` },
  { id: "winRate", header: "Win rate", numeric: true, sortValue: (h) => h.wins / h.games, cell: (h) => fmtPct(h.wins / h.games) },
];

export function HeadToHeadTable({ rows }: { rows: readonly HeadToHeadRow[] }) {
  return (
    <DataTable
      testId="agent-head-to-head"
      caption="Head-to-head record against each opponent"
      rows={rows}
      columns={HEAD_TO_HEAD}
      rowKey={(h) => h.opponentId}
      defaultSort={{ id: "games", desc: true }}
      minWidth="min-w-[420px]"
    />
  );
}

/** One of the agent's matches seen from its seat (the server works out seat, opponent and result). */
export interface AgentMatchRow {
  id: string;
  finishedAt: string | null;
  seat: "A" | "B";
  opponent: { id: string; name: string };
  result: "won" | "lost" | "tie" | null;
  status: string;
  score: string;
  rounds: number;
  treeTitle: string | null;
}

const time = (t: string | null) => (t === null ? undefined : Date.parse(t));

const MATCHES: DataColumn<AgentMatchRow>[] = [
  {
    id: "finished",
    header: "Finished",
    sortValue: (m) => time(m.finishedAt),
    cell: (m) => <span className="whitespace-nowrap text-xs text-zinc-500">{fmtTime(m.finishedAt)}</span>,
  },
  { id: "seat", header: "Seat", sortValue: (m) => m.seat, cell: (m) => m.seat },
  {
    id: "opponent",
    header: "Opponent",
    sortValue: (m) => m.opponent.name.toLowerCase(),
    cell: (m) => (
      <Link href={`/agents/${m.opponent.id}`} className={link}>
        {m.opponent.name}
      </Link>
    ),
  },
  { id: "result", header: "Result", sortValue: (m) => m.result ?? m.status, cell: (m) => m.result ?? <StatusBadge status={m.status} /> },
  {
    id: "score",
    header: "Score",
    numeric: true,
    cell: (m) => (
      <Link href={`/matches/${m.id}`} className={link}>
        {m.score}
      </Link>
    ),
  },
  { id: "rounds", header: "Rounds", numeric: true, sortValue: (m) => m.rounds, cell: (m) => m.rounds },
  { id: "tree", header: "Tree", sortValue: (m) => m.treeTitle?.toLowerCase(), cell: (m) => m.treeTitle ?? "—" },
];

export function AgentMatchesTable({ rows }: { rows: readonly AgentMatchRow[] }) {
  return (
    <DataTable
      testId="agent-matches"
      caption="The agent's newest matches"
      rows={rows}
      columns={MATCHES}
      rowKey={(m) => m.id}
      minWidth="min-w-[640px]"
    />
  );
}
