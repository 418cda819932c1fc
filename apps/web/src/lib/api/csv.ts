import type { LeaderboardView } from "@arena/tournament/read";

/**
 * `rating` stays the fitted number (a spreadsheet sorts and plots it); `rating_flag` beside it says
 * how far it can be read (@arena/core describeRating): unbeaten and winless rows hold no estimate.
 */
export const LEADERBOARD_CSV_COLUMNS = [
  "rank", "agent", "rating", "rating_flag", "lower", "upper", "elo", "matches", "wins", "losses", "ties",
  "win_rate", "rounds", "failure_rate", "deep", "wide", "both", "preliminary",
  "runs", "cost_per_run_usd", "priced_runs", "time_per_run_ms",
] as const;

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

export function leaderboardCsv(board: LeaderboardView): string {
  const lines = [LEADERBOARD_CSV_COLUMNS.join(",")];
  for (const r of board.rows) {
    const cells = [
      r.rank, r.name, r.rating, r.ratingFlag, r.lower, r.upper, r.elo, r.matches, r.wins, r.losses, r.ties, r.winRate,
      r.rounds?.rounds ?? null, r.rounds?.failureRate ?? null,
      r.rounds?.profile.deep ?? null, r.rounds?.profile.wide ?? null, r.rounds?.profile.both ?? null,
      r.preliminary,
      r.research?.runs ?? null, r.research?.meanCostUsd ?? null, r.research?.pricedRuns ?? null, r.research?.meanLatencyMs ?? null,
    ];
    lines.push(cells.map(csvCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
