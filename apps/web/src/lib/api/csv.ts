import { type Column, csvHeader, LEADERBOARD_COLUMNS, LEADERBOARD_CSV_COLUMNS } from "@arena/tournament/columns";
import type { LeaderboardView } from "@arena/tournament/read";

/** The CSV's header, from the leaderboard's column definitions (the list's order is the CSV's). */
export { LEADERBOARD_CSV_COLUMNS };

/**
 * One CSV cell (RFC 4180). Text starting with = + - @ (or a tab / carriage return) is what
 * spreadsheets evaluate as a formula, and agent names are chosen by strangers, so such text is
 * prefixed with ' to stay text.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line per row, a cell per column with a CSV name, in the columns' order (RFC 4180 line ends). */
export function columnsCsv<Row>(columns: readonly Column<Row, never>[], rows: readonly Row[]): string {
  const named = columns.filter((c) => c.csv !== undefined);
  const lines = [csvHeader(columns).join(","), ...rows.map((r) => named.map((c) => csvCell(c.value(r))).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

/** `GET /api/leaderboard.csv`: one line per agent, a cell per leaderboard column with a CSV name. */
export function leaderboardCsv(board: LeaderboardView): string {
  return columnsCsv(LEADERBOARD_COLUMNS, board.rows);
}
