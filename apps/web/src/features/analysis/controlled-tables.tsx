"use client";

import Link from "@/components/link";
import type { Scoreboard } from "@arena/scoring/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { link } from "@/components/ui";
import { describeRating } from "@arena/core/rating-display";
import { fmtNum } from "@/lib/format";
import { intervalTitle } from "@/features/leaderboard/intervals";
import { RatingCell } from "@/features/leaderboard/rating-cell";

type Coefficient = Scoreboard["controlled"]["coefficients"][number];
type ControlledRating = Scoreboard["controlled"]["ratings"][number];

const COEFFICIENTS: Record<string, string> = {
  length: "answer length (words)",
  citations: "citations listed",
  supported_share: "supported-citation share",
  markdown_density: "Markdown density (headings, list items, bold per 100 words)",
};

const COEFFICIENT_COLUMNS: DataColumn<Coefficient>[] = [
  {
    id: "name",
    header: "Covariate",
    sortValue: (k) => k.name,
    cell: (k) => (
      <>
        {k.name} <span className="text-xs text-zinc-500">{COEFFICIENTS[k.name] ?? ""}</span>
      </>
    ),
  },
  { id: "value", header: "Coefficient", numeric: true, sortValue: (k) => k.value, cell: (k) => fmtNum(k.value, 3) },
  {
    id: "interval",
    header: "95 % interval",
    numeric: true,
    cell: (k) =>
      k.upper - k.lower > 0 ? (
        `${fmtNum(k.lower, 3)} to ${fmtNum(k.upper, 3)}`
      ) : (
        <span title={intervalTitle(k.lower, k.upper, (x) => fmtNum(x, 3))}>—</span>
      ),
  },
];

export function CoefficientsTable({ coefficients }: { coefficients: readonly Coefficient[] }) {
  return (
    <div className="mt-2">
      <DataTable
        testId="coefficients-table"
        caption="Fitted coefficients with 95 % intervals"
        rows={coefficients}
        columns={COEFFICIENT_COLUMNS}
        rowKey={(k) => k.name}
        rowProps={(k) => ({ "data-coefficient": k.name })}
        minWidth="min-w-[480px]"
      />
    </div>
  );
}

/**
 * The plain rating on the same matches (stored without its interval): its number, or for an
 * unbeaten or winless agent describeRating's word and bound, never the fit's number.
 */
function plainText(r: ControlledRating): string {
  const d = describeRating({ rating: r.plainRating, lower: r.plainRating, upper: r.plainRating, unbounded: r.unbounded });
  return r.unbounded ? d.text : d.value;
}

const RATING_COLUMNS: DataColumn<ControlledRating>[] = [
  {
    id: "agent",
    header: "Agent",
    sortValue: (r) => r.name.toLowerCase(),
    cell: (r) => (
      <Link href={`/agents/${r.agentId}`} className={link}>
        {r.name}
      </Link>
    ),
  },
  {
    id: "plain",
    header: "Plain",
    numeric: true,
    sortValue: (r) => r.plainRating,
    cell: plainText,
  },
  {
    id: "plainRank",
    header: "Rank",
    title: "Rank by the plain rating",
    numeric: true,
    sortValue: (r) => -r.plainRank,
    cell: (r) => r.plainRank,
  },
  {
    id: "controlled",
    header: "Controlled (95 % CI)",
    numeric: true,
    sortValue: (r) => r.rating,
    cell: (r) => <RatingCell r={r} />,
    cellProps: () => ({ "data-testid": "controlled-rating" }),
  },
  { id: "rank", header: "Rank", title: "Rank by the controlled rating", numeric: true, sortValue: (r) => r.rank, cell: (r) => r.rank },
  {
    id: "rankChange",
    header: "Δ rank",
    title: "Plain rank − controlled rank",
    numeric: true,
    sortValue: (r) => r.rankChange,
    cell: (r) => (r.rankChange > 0 ? `▲${r.rankChange}` : r.rankChange < 0 ? `▼${-r.rankChange}` : "0"),
  },
];

export function ControlledRatingsTable({ ratings }: { ratings: readonly ControlledRating[] }) {
  return (
    <DataTable
      testId="controlled-table"
      caption="Plain and controlled Bradley–Terry ratings"
      rows={ratings}
      columns={RATING_COLUMNS}
      rowKey={(r) => r.agentId}
      minWidth="min-w-[560px]"
    />
  );
}
