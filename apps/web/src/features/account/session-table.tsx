"use client";

import { DataTable, type DataColumn } from "@/components/data-table";
import { fmtTime } from "@/lib/format";
import { revokeSessionAction } from "./session-actions";

/** One of the caller's sessions, times as ISO strings. */
export interface SessionRow {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  current: boolean;
}

const COLUMNS: DataColumn<SessionRow>[] = [
  {
    id: "client",
    header: "Browser or client",
    sortValue: (s) => s.userAgent ?? "",
    cell: (s) => (
      <span className="block max-w-xs truncate" title={s.userAgent ?? undefined}>
        {s.userAgent || "unknown"}
      </span>
    ),
  },
  {
    id: "address",
    header: "Address",
    sortValue: (s) => s.ipAddress ?? undefined,
    cell: (s) => <span className="tabular-nums">{s.ipAddress || "—"}</span>,
  },
  {
    id: "created",
    header: "Signed in",
    sortValue: (s) => s.createdAt,
    cell: (s) => <span className="tabular-nums">{fmtTime(s.createdAt)}</span>,
  },
  {
    id: "updated",
    header: "Last active",
    sortValue: (s) => s.updatedAt,
    cell: (s) => <span className="tabular-nums">{fmtTime(s.updatedAt)}</span>,
  },
  {
    id: "expires",
    header: "Expires",
    sortValue: (s) => s.expiresAt,
    cell: (s) => <span className="tabular-nums">{fmtTime(s.expiresAt)}</span>,
  },
  {
    id: "action",
    header: "Sign out",
    cell: (s) =>
      s.current ? (
        <span className="whitespace-nowrap text-zinc-500">this session</span>
      ) : (
        <form action={revokeSessionAction}>
          <input type="hidden" name="id" value={s.id} />
          <button type="submit" className="underline">
            Sign out
          </button>
        </form>
      ),
  },
];

/** The caller's sessions, the last active first, each with a way to end it. */
export function SessionTable({ rows }: { rows: readonly SessionRow[] }) {
  return (
    <DataTable
      testId="sessions"
      caption="Your sessions"
      rows={rows}
      columns={COLUMNS}
      rowKey={(s) => s.id}
      rowProps={(s) => ({ "data-current": s.current ? "true" : undefined })}
      defaultSort={{ id: "updated", desc: true }}
    />
  );
}
