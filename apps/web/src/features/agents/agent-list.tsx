"use client";

import Link from "@/components/link";
import type { AgentSummary } from "@arena/tournament/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { Code, Empty, link } from "@/components/ui";

const COLUMNS: DataColumn<AgentSummary>[] = [
  {
    id: "name",
    header: "Agent",
    sortValue: (a) => a.name.toLowerCase(),
    cell: (a) => (
      <>
        <Link href={`/agents/${a.id}`} className={`${link} font-medium`}>
          {a.name}
        </Link>
        {a.builtin ? <span className="ml-1.5 text-xs text-zinc-500">built-in</span> : null}
      </>
    ),
  },
  { id: "organisation", header: "Organisation", sortValue: (a) => a.organisation?.toLowerCase(), cell: (a) => a.organisation ?? "—" },
  { id: "protocol", header: "Protocol", sortValue: (a) => a.protocol, cell: (a) => a.protocol },
  { id: "model", header: "Model", sortValue: (a) => a.model?.toLowerCase(), cell: (a) => a.model ?? "—" },
  { id: "status", header: "Status", sortValue: (a) => (a.retired ? "retired" : a.status), cell: (a) => (a.retired ? "retired" : a.status) },
  { id: "matches", header: "Matches", numeric: true, sortValue: (a) => a.matches, cell: (a) => a.matches },
  { id: "submitted", header: "Submitted", optional: true, sortValue: (a) => a.createdAt, cell: (a) => a.createdAt.slice(0, 10) },
];

export function AgentList({ agents }: { agents: AgentSummary[] }) {
  if (agents.length === 0) {
    return (
      <Empty title="No agent registered yet.">
        Register the built-in sandbox agents with <Code>npx arena agent builtin</Code>, or your own with <Code>npx arena agent add</Code>.
      </Empty>
    );
  }
  return (
    <DataTable
      testId="agent-table"
      caption="Agents"
      rows={agents}
      columns={COLUMNS}
      rowKey={(a) => a.id}
      rowProps={(a) => ({ "data-agent": a.name })}
      urlPrefix=""
      chooser
      filter={{ label: "Find agent", text: (a) => `${a.name} ${a.organisation ?? ""} ${a.model ?? ""}` }}
      minWidth="min-w-[560px]"
    />
  );
}
