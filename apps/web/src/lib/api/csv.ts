import { LEADERBOARD_COLUMNS, LEADERBOARD_CSV_COLUMNS, type LeaderboardColumn } from "@arena/tournament/columns";
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

/** One line per agent, a cell per column definition with a CSV name, in the definitions' order. */
export function leaderboardCsv(board: LeaderboardView): string {
  const columns = LEADERBOARD_COLUMNS.filter((c: LeaderboardColumn) => c.csv !== undefined);
  const lines = [LEADERBOARD_CSV_COLUMNS.join(",")];
  for (const r of board.rows) lines.push(columns.map((c: LeaderboardColumn) => csvCell(c.value(r))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
