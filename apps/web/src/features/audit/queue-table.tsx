"use client";

import Link from "@/components/link";
import type { AuditQueueSummary } from "@arena/audit/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { link } from "@/components/ui";

function Progress({ done, needed }: { done: number; needed: number }) {
  const pct = needed ? Math.round((100 * done) / needed) : 0;
  return (
    <div className="flex items-center gap-2" title={`${done} of ${needed} annotations`}>
      <div className="h-2 w-24 rounded bg-zinc-200 dark:bg-zinc-700">
        <div className="h-2 rounded bg-sky-600" style={{ width: `${pct}%` }} />
      </div>
      <span className="num text-xs">
        {done}/{needed}
      </span>
    </div>
  );
}

// The way into a queue comes right after its name: on a phone the later columns scroll off to the right.
const COLUMNS: DataColumn<AuditQueueSummary>[] = [
  {
    id: "name",
    header: "Queue",
    sortValue: (q) => q.name.toLowerCase(),
    cell: (q) => (
      <>
        {q.name}
        {q.closedAt ? <span className="ml-1 text-xs text-zinc-500">(closed)</span> : null}
      </>
    ),
  },
  {
    id: "actions",
    header: "Actions",
    cell: (q) => (
      <span className="whitespace-nowrap">
        {q.closedAt ? null : (
          <form method="post" action={`/api/audit/queues/${q.id}/next`} className="inline">
            <button type="submit" className="rounded-md bg-sky-700 px-2 py-1 text-xs text-white">
              Next item
            </button>
          </form>
        )}{" "}
        {q.closedAt ? null : (
          <Link href={`/audit/queues/${q.id}/instrument`} className={`${link} text-xs`}>
            Instrument I
          </Link>
        )}
        {q.closedAt ? null : " · "}
        <Link href={`/audit/report?queue=${q.id}`} className={`${link} text-xs`}>
          report
        </Link>
      </span>
    ),
  },
  { id: "sampling", header: "Sampling", sortValue: (q) => q.sampling, cell: (q) => q.sampling },
  {
    id: "items",
    header: "Items",
    numeric: true,
    sortValue: (q) => q.size * q.annotatorsPerItem,
    cell: (q) => `${q.size} × ${q.annotatorsPerItem}`,
  },
  {
    id: "progress",
    header: "Progress",
    sortValue: (q) => (q.needed ? q.done / q.needed : 0),
    cell: (q) => <Progress done={q.done} needed={q.needed} />,
  },
  { id: "mine", header: "Yours", numeric: true, sortValue: (q) => q.mine, cell: (q) => q.mine },
  {
    id: "auditors",
    header: "Per auditor",
    cell: (q) => <span className="text-xs">{q.auditors.map((a) => `${a.name}: ${a.done}`).join(" · ") || "—"}</span>,
  },
];

/** Every audit queue with its progress (overall, per auditor, own) and the way into it. */
export function AuditQueueTable({ queues }: { queues: readonly AuditQueueSummary[] }) {
  return (
    <DataTable
      testId="audit-queues"
      caption="Audit queues"
      rows={queues}
      columns={COLUMNS}
      rowKey={(q) => q.id}
      rowProps={(q) => ({ "data-queue": q.name })}
    />
  );
}
