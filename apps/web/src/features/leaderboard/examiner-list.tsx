"use client";

import Link from "@/components/link";
import { EXAMINER_MODE_INFO } from "@arena/core/closed-sets";
import type { ExaminerSummary } from "@arena/tournament/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { Code, Empty, link } from "@/components/ui";
import { fmtTime } from "@/lib/format";

const COLUMNS: DataColumn<ExaminerSummary>[] = [
  {
    id: "name",
    header: "Name",
    sortValue: (e) => e.name.toLowerCase(),
    cell: (e) => (
      <Link href={`/?examiner=${e.id}`} className={link}>
        {e.name}
      </Link>
    ),
  },
  { id: "mode", header: "Mode", sortValue: (e) => e.mode, cell: (e) => e.mode },
  { id: "model", header: "Model", sortValue: (e) => e.model ?? undefined, cell: (e) => e.model ?? "—" },
  {
    id: "temperature",
    header: "Temperature",
    title: "Sampling temperature to generate questions / to judge",
    numeric: true,
    cell: (e) => (EXAMINER_MODE_INFO[e.mode].offline ? "—" : `${e.generationTemperature} / ${e.judgeTemperature}`),
  },
  { id: "judging", header: "Judging", cell: (e) => (e.doubleJudge ? "twice, seats swapped" : "once") },
  { id: "prompts", header: "Prompts", sortValue: (e) => e.promptVersion, cell: (e) => e.promptVersion },
  { id: "rated", header: "Rated matches", numeric: true, sortValue: (e) => e.ratedMatches, cell: (e) => e.ratedMatches },
  {
    id: "created",
    header: "Created",
    sortValue: (e) => e.createdAt,
    cell: (e) => <span className="whitespace-nowrap text-xs text-zinc-500">{fmtTime(e.createdAt)}</span>,
  },
];

/** Every examiner configuration with what defines it (never its key) and how much it has judged. */
export function ExaminerList({ examiners }: { examiners: ExaminerSummary[] }) {
  if (examiners.length === 0) {
    return (
      <Empty title="No examiner configuration yet.">
        One is created with the first tournament or match, e.g. <Code>npx arena tournament create … --examiner heuristic</Code>.
      </Empty>
    );
  }
  return (
    <DataTable
      testId="examiner-table"
      caption="Examiner configurations"
      rows={examiners}
      columns={COLUMNS}
      rowKey={(e) => e.id}
      minWidth="min-w-[640px]"
    />
  );
}
