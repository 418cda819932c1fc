"use client";

import { useMemo } from "react";
import { PEOPLE_COLUMNS, PEOPLE_TABLE_LAYOUT, type PeopleColumn } from "@arena/votes/people-columns";
import type { PeopleRow } from "@arena/votes/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { agentCells, type CellOverride, rowColumn } from "../leaderboard/row-column";

function columns(examinerId: string | null, minVotesPerAgent: number): DataColumn<PeopleRow>[] {
  const byKey = new Map(PEOPLE_COLUMNS.map((c: PeopleColumn) => [c.key, c]));
  const overrides: Partial<Record<string, CellOverride<PeopleRow>>> = agentCells<PeopleRow>(examinerId);
  return PEOPLE_TABLE_LAYOUT.map((key) => rowColumn(byKey.get(key)!, overrides[key], { minVotesPerAgent }));
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
