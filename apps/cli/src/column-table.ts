import { RATING_FLAG_NOTES, RATING_SCALE_NOTE, type RatingFlag } from "@arena/core/rating-display";
import type { Column, ColumnFormat } from "@arena/tournament/columns";

/** How the terminal words each value format (the web page has its own table). */
const CLI_FORMATS: Record<ColumnFormat, (v: string | number | boolean) => string> = {
  count: (v) => v.toString(),
  share: (v) => `${(100 * Number(v)).toFixed(0)}%`,
  rating: (v) => Number(v).toFixed(0),
  usd: (v) => `$${Number(v).toFixed(2)}`,
  ms: (v) => `${Math.round(Number(v))} ms`,
  text: (v) => v.toString(),
  date: (v) => v.toString().slice(0, 10),
  record: (v) => v.toString(),
  flag: (v) => v.toString(),
};

type CliColumn<Row> = Column<Row, never> & { cli: NonNullable<Column<Row, never>["cli"]> };

/** One cell padded to its column. */
function cell<Row>(c: CliColumn<Row>, text: string): string {
  return " ".repeat(c.cli.gap ?? 0) + (c.cli.align === "left" ? text.padEnd(c.cli.width) : text.padStart(c.cli.width));
}

/** The column's own words, else its value in the format's. */
function text<Row>(c: CliColumn<Row>, r: Row): string {
  if (c.cli.text) return c.cli.text(r);
  const v = c.value(r);
  return v === null ? "–" : CLI_FORMATS[c.format](v);
}

/** A terminal table of the columns with a `cli` entry, in the list's order: the header line, then one line per row. */
export function columnTable<Row>(columns: readonly Column<Row, never>[], rows: readonly Row[]): string[] {
  const shown = columns.filter((c): c is CliColumn<Row> => c.cli !== undefined);
  return [shown.map((c) => cell(c, c.cli.header)).join(""), ...rows.map((r) => shown.map((c) => cell(c, text(c, r))).join(""))];
}

/** Under a table of ratings: the scale, and what each flag that occurs in it means. */
export function ratingNotes(flags: RatingFlag[]): string[] {
  const seen = [...new Set(flags)].filter((f) => f !== "ok");
  return [RATING_SCALE_NOTE, ...seen.map((f) => `${f}: ${RATING_FLAG_NOTES[f]}`)];
}
