"use client";

import Link from "next/link";
import { type ReactNode, useMemo } from "react";
import { PEOPLE_COLUMNS, PEOPLE_TABLE_LAYOUT, type PeopleColumn, type PeopleColumnFormat } from "@arena/votes/people-columns";
import type { PeopleRow } from "@arena/votes/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { fmtPct, fmtRating } from "@/lib/format";
import { Preliminary, RatingCell } from "../leaderboard/rating-cell";

/** How the page words each value format. */
const WEB_FORMATS: Record<PeopleColumnFormat, (v: string | number | boolean) => ReactNode> = {
  count: (v) => v.toString(),
  share: (v) => fmtPct(Number(v)),
  rating: (v) => fmtRating(Number(v)),
  text: (v) => v.toString(),
  record: (v) => v.toString(),
  flag: (v) => v.toString(),
};

function columns(examinerId: string | null, minVotesPerAgent: number): DataColumn<PeopleRow>[] {
  const byKey = new Map(PEOPLE_COLUMNS.map((c: PeopleColumn) => [c.key, c]));
  const overrides: Record<string, Partial<DataColumn<PeopleRow>>> = {
    name: {
      cell: (r) => (
        <>
          <Link
            href={`/agents/${r.agentId}${examinerId ? `?examiner=${encodeURIComponent(examinerId)}` : ""}`}
            className="font-medium text-sky-700 hover:underline dark:text-sky-400"
          >
            {r.name}
          </Link>
          {r.preliminary ? <Preliminary /> : null}
        </>
      ),
    },
    rating: { cell: (r) => <RatingCell r={r} />, cellProps: () => ({ "data-testid": "rating" }) },
  };
  return PEOPLE_TABLE_LAYOUT.map((key) => {
    const c = byKey.get(key)!;
    const sort = c.sort ?? c.value;
    return {
      id: c.key,
      header: c.header,
      title: c.title,
      legend: typeof c.legend === "function" ? c.legend({ minVotesPerAgent }) : c.legend,
      numeric: c.format !== "text",
      optional: c.optional,
      sortValue: (r: PeopleRow) => {
        const v = sort(r);
        return v === null || typeof v === "boolean" ? undefined : v;
      },
      cell: (r: PeopleRow) => {
        const v = c.value(r);
        return v === null ? "—" : WEB_FORMATS[c.format](v);
      },
      ...overrides[key],
    };
  });
}

/** The people's leaderboard on the arena's table, its columns from @arena/votes/people-columns. */
export function PeopleTable({
  rows,
  examinerId,
  minVotesPerAgent,
}: {
  rows: PeopleRow[];
  examinerId: string | null;
  minVotesPerAgent: number;
}) {
  const cols = useMemo(() => columns(examinerId, minVotesPerAgent), [examinerId, minVotesPerAgent]);
  return (
    <DataTable
      testId="people-table"
      caption="People's leaderboard: one row per agent"
      rows={rows}
      columns={cols}
      rowKey={(r) => r.agentId}
      rowProps={(r) => ({ "data-testid": "people-row", "data-agent": r.name })}
      defaultSort={{ id: "rank", desc: false }}
      urlPrefix=""
      sticky={2}
      filter={{ label: "Find agent", text: (r) => r.name }}
      legend
    />
  );
}
