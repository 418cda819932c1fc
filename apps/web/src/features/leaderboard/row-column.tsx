"use client";

import Link from "@/components/link";
import type { ReactNode } from "react";
import type { RatingFacts } from "@arena/core/rating-display";
import type { Column, ColumnFormat } from "@arena/tournament/columns";
import type { DataColumn } from "@/components/data-table";
import { fmtMs, fmtPct, fmtRating, fmtUsd } from "@/lib/format";
import { Preliminary, RatingCell } from "./rating-cell";

/** How the page words each value format (the terminal has its own table in the CLI). */
const WEB_FORMATS: Record<ColumnFormat, (v: string | number | boolean) => ReactNode> = {
  count: (v) => v.toString(),
  share: (v) => fmtPct(Number(v)),
  rating: (v) => fmtRating(Number(v)),
  usd: (v) => fmtUsd(Number(v)),
  ms: (v) => fmtMs(Number(v)),
  text: (v) => v.toString(),
  date: (v) => v.toString().slice(0, 10),
  record: (v) => v.toString(),
  flag: (v) => v.toString(),
};

/** Columns whose cell is more than its formatted value: a link, a component, a tooltip or a test id. */
export type CellOverride<Row> = Partial<Pick<DataColumn<Row>, "cell" | "cellProps" | "legend">>;

/** The agent's name linked to its page (under the board's examiner), marked when preliminary; the rating as core words it. */
export function agentCells<Row extends RatingFacts & { agentId: string; name: string; preliminary: boolean }>(
  examinerId: string | null,
): { name: CellOverride<Row>; rating: CellOverride<Row> } {
  return {
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
}

/** A table column from its definition (@arena/tournament/columns, @arena/votes/people-columns). */
export function rowColumn<Row, Context>(
  c: Column<Row, Context>,
  override: CellOverride<Row> | undefined,
  context: Context,
): DataColumn<Row> {
  const sort = c.sort ?? c.value;
  return {
    id: c.key,
    header: c.header,
    title: c.title,
    legend: typeof c.legend === "function" ? c.legend(context) : c.legend,
    numeric: c.format !== "text" && c.format !== "date",
    optional: c.optional,
    sortValue: (r) => {
      const v = sort(r);
      return v === null || typeof v === "boolean" ? undefined : v;
    },
    cell: (r) => {
      const v = c.value(r);
      return v === null ? "—" : WEB_FORMATS[c.format](v);
    },
    ...override,
  };
}
