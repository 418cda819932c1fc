import { describeRating, RATING_FLAG_NOTES, RATING_SCALE_NOTE, type RatingFlag } from "@arena/core/rating-display";
import type { LeaderboardRow } from "./schemas";

/**
 * Every leaderboard column once: the web table, the CSV (`GET /api/leaderboard.csv`, its header
 * in the OpenAPI document too) and `arena leaderboard` render these definitions, so a new column is
 * a new entry here (see CONTRIBUTING.md, "A new leaderboard column").
 *
 * The list's order is the CSV's and the terminal's; the table shows the keys of
 * `LEADERBOARD_TABLE_LAYOUT` in that order. This module imports no database code, so client
 * components read it through `@arena/tournament/columns`.
 */

/** How a value is worded; the page and the terminal each keep one formatter per kind. */
export const COLUMN_FORMATS = ["count", "share", "rating", "usd", "ms", "text", "date", "record", "flag"] as const;
export type ColumnFormat = (typeof COLUMN_FORMATS)[number];

/** A cell as data: what the CSV writes (null: an empty cell) and what the formatters word. */
export type ColumnValue = string | number | boolean | null;

/**
 * One column of a table of rows (this leaderboard's, the people's in @arena/votes/people-columns):
 * `Context` is what a legend that depends on the board reads.
 */
export interface Column<Row, Context = Record<string, never>> {
  /** The table's column id (kept in the page URL's `sort` and `cols`). */
  key: string;
  /** The table's header (also the column chooser's label). */
  header: string;
  /** The header's tooltip. */
  title?: string;
  /** What the column means in the legend under the table (default: `title`). */
  legend?: string | ((c: Context) => string);
  /** The column's name in the CSV; absent: not in the CSV. */
  csv?: string;
  /** The cell from the row: the CSV's cell, the table's sort key, the text the formatters word. */
  value: (r: Row) => ColumnValue;
  /** When the table sorts by something else than `value` (missing values sort last). */
  sort?: (r: Row) => number | string | null;
  format: ColumnFormat;
  /** Hidden in the table until chosen in its column chooser. */
  optional?: boolean;
  /** In the terminal's table: header, padded width, alignment, spaces before it, and words other than the format's. */
  cli?: { header: string; width: number; align: "left" | "right"; gap?: number; text?: (r: Row) => string };
}

export type LeaderboardColumn = Column<LeaderboardRow, { preliminaryMatches: number }>;

/** The CSV's header names of a column list, in its order (the columns without a CSV name left out). */
export function csvHeader(columns: readonly { key: string; csv?: string }[]): string[] {
  return columns.flatMap((c) => (c.csv ? [c.csv] : []));
}

/** The rating's flag and its interval's ends, the same columns on every rated board (this one and the people's). */
export function ratingBoundColumns<Row extends { ratingFlag: RatingFlag; lower: number; upper: number }>() {
  return [
    {
      key: "ratingFlag",
      header: "Rating flag",
      title: "How far the rating can be read: ok, wide, unbeaten, winless",
      csv: "rating_flag",
      value: (r) => r.ratingFlag,
      format: "flag",
    },
    {
      key: "lower",
      header: "Lower",
      title: "Lower end of the rating's 95 % interval",
      csv: "lower",
      value: (r) => r.lower,
      format: "rating",
    },
    {
      key: "upper",
      header: "Upper",
      title: "Upper end of the rating's 95 % interval",
      csv: "upper",
      value: (r) => r.upper,
      format: "rating",
    },
  ] as const satisfies readonly Column<Row, never>[];
}

/** The won-lost-tied record, whole and split, of what the board counts ("Matches", "Verdicts"); `width` is the terminal's. */
export function recordColumns<Row extends { wins: number; losses: number; ties: number }>(counted: string, width: number) {
  return [
    {
      key: "wlt",
      header: "W-L-T",
      title: `${counted} won, lost and tied`,
      value: (r) => `${r.wins}-${r.losses}-${r.ties}`,
      sort: (r) => r.wins - r.losses,
      format: "record",
      cli: { header: "W-L-T", width, align: "left", gap: 2 },
    },
    { key: "wins", header: "Wins", title: `${counted} won`, csv: "wins", value: (r) => r.wins, format: "count" },
    { key: "losses", header: "Losses", title: `${counted} lost`, csv: "losses", value: (r) => r.losses, format: "count" },
    { key: "ties", header: "Ties", title: `${counted} tied`, csv: "ties", value: (r) => r.ties, format: "count" },
  ] as const satisfies readonly Column<Row, never>[];
}

const RATING_LEGEND = `Bradley–Terry rating with its 95 % bootstrap interval (+above/−below). (wide): ${RATING_FLAG_NOTES.wide}. unbeaten, ≥ R: ${RATING_FLAG_NOTES.unbeaten}; winless, ≤ R the mirror image. ${RATING_SCALE_NOTE}`;

const pctText = (x: number) => `${(100 * x).toFixed(0)} %`;

export const LEADERBOARD_COLUMNS = [
  {
    key: "rank",
    header: "Rank",
    title: "1 + agents whose lower bound exceeds this agent's upper bound",
    legend:
      "1 + the number of agents whose 95 % lower bound is above this agent's upper bound (agents the matches show to be better). Agents no one separates from each other share a rank, so a rank can repeat and the next one skip (1, 1, 3).",
    csv: "rank",
    value: (r) => r.rank,
    format: "count",
    cli: { header: "rank", width: 5, align: "left" },
  },
  {
    key: "name",
    header: "Agent",
    legend: ({ preliminaryMatches }) =>
      `The agent, linked to its page; preliminary: fewer than ${preliminaryMatches} rated matches, so its place may still move a lot.`,
    csv: "agent",
    value: (r) => r.name,
    sort: (r) => r.name.toLowerCase(),
    format: "text",
    cli: { header: "agent", width: 26, align: "left", text: (r) => `${r.name.slice(0, 23)}${r.preliminary ? "*" : ""}` },
  },
  {
    key: "rating",
    header: "Rating (95 % CI)",
    title: "Bradley–Terry rating with its bootstrap interval",
    legend: RATING_LEGEND,
    csv: "rating",
    // The fitted number stays in the CSV (a spreadsheet sorts and plots it); `rating_flag` says how far it can be read.
    value: (r) => r.rating,
    format: "rating",
    cli: { header: "rating (95% CI)", width: 24, align: "left", text: (r) => describeRating(r).text },
  },
  ...ratingBoundColumns<LeaderboardRow>(),
  {
    key: "elo",
    header: "Elo",
    title: "Online Elo (K = 4) over the same matches in time order",
    csv: "elo",
    value: (r) => r.elo,
    format: "rating",
    optional: true,
    cli: { header: "elo", width: 6, align: "right" },
  },
  {
    key: "matches",
    header: "Matches",
    title: "Rated matches played in this scope",
    csv: "matches",
    value: (r) => r.matches,
    format: "count",
  },
  ...recordColumns<LeaderboardRow>("Matches", 9),
  {
    key: "winRate",
    header: "Win rate",
    title: "Matches won / matches played",
    csv: "win_rate",
    value: (r) => r.winRate,
    format: "share",
    cli: { header: "win", width: 5, align: "right" },
  },
  {
    key: "rounds",
    header: "Rounds",
    title: "Judged rounds played",
    csv: "rounds",
    value: (r) => r.rounds?.rounds ?? null,
    format: "count",
    optional: true,
  },
  {
    key: "failureRate",
    header: "Failure rate",
    title: "(Lost + tied rounds) / rounds played",
    csv: "failure_rate",
    value: (r) => r.rounds?.failureRate ?? null,
    format: "share",
    optional: true,
    cli: { header: "fail", width: 6, align: "right" },
  },
  {
    key: "profile",
    header: "Failure profile",
    title: "Shares of DEEP / WIDE / BOTH among lost rounds",
    value: (r) =>
      r.rounds
        ? `DEEP ${pctText(r.rounds.profile.deep)} / WIDE ${pctText(r.rounds.profile.wide)} / BOTH ${pctText(r.rounds.profile.both)}`
        : null,
    sort: (r) => r.rounds?.losses ?? null,
    format: "text",
    optional: true,
  },
  {
    key: "deep",
    header: "DEEP share",
    title: "Share of lost rounds lost on depth (DEEP)",
    csv: "deep",
    value: (r) => r.rounds?.profile.deep ?? null,
    format: "share",
  },
  {
    key: "wide",
    header: "WIDE share",
    title: "Share of lost rounds lost on width (WIDE)",
    csv: "wide",
    value: (r) => r.rounds?.profile.wide ?? null,
    format: "share",
  },
  {
    key: "both",
    header: "BOTH share",
    title: "Share of lost rounds lost on both",
    csv: "both",
    value: (r) => r.rounds?.profile.both ?? null,
    format: "share",
  },
  {
    key: "preliminary",
    header: "Preliminary",
    title: "Fewer rated matches than the preliminary threshold",
    csv: "preliminary",
    value: (r) => r.preliminary,
    format: "flag",
  },
  {
    key: "runs",
    header: "Runs",
    title: "Research runs in the scope's rated matches",
    csv: "runs",
    value: (r) => r.research?.runs ?? null,
    format: "count",
  },
  {
    key: "costPerRun",
    header: "Cost / run",
    title: "Mean USD per research run (provider usage × price table) over the runs with a known cost",
    csv: "cost_per_run_usd",
    value: (r) => r.research?.meanCostUsd ?? null,
    format: "usd",
    optional: true,
  },
  {
    key: "pricedRuns",
    header: "Priced runs",
    title: "Research runs with a known cost",
    csv: "priced_runs",
    value: (r) => r.research?.pricedRuns ?? null,
    format: "count",
  },
  {
    key: "timePerRun",
    header: "Time / run",
    title: "Mean wall time of an answered research run (background runs: from start to the answer)",
    csv: "time_per_run_ms",
    value: (r) => r.research?.meanLatencyMs ?? null,
    format: "ms",
    optional: true,
  },
  {
    key: "organisation",
    header: "Organisation",
    title: "Who makes the agent, as its owner gave it",
    value: (r) => r.organisation,
    sort: (r) => r.organisation?.toLowerCase() ?? null,
    format: "text",
    optional: true,
  },
  {
    key: "model",
    header: "Model",
    title: "The model the agent runs, as registered",
    value: (r) => r.model,
    sort: (r) => r.model?.toLowerCase() ?? null,
    format: "text",
    optional: true,
  },
  {
    key: "flaggedSpans",
    header: "Flagged / 1k words",
    title: "Passages people marked unsupported or wrong per 1,000 words of the agent's answers they read (Vote, match pages)",
    csv: "flagged_per_1k_words",
    value: (r) => (r.flaggedPer1k == null ? null : Math.round(100 * r.flaggedPer1k) / 100),
    format: "count",
    optional: true,
  },
  {
    key: "submitted",
    header: "Submitted",
    title: "When the agent was registered",
    value: (r) => r.submittedAt,
    format: "date",
    optional: true,
  },
] as const satisfies readonly LeaderboardColumn[];

export type LeaderboardColumnKey = (typeof LEADERBOARD_COLUMNS)[number]["key"];

/** Where the table puts the report-score columns (the scoreboard's, not the row's). */
export const REPORT_SCORES = "reportScores";

/** The web table's columns in order; the ones not listed are the CSV's and the terminal's only. */
export const LEADERBOARD_TABLE_LAYOUT: readonly (LeaderboardColumnKey | typeof REPORT_SCORES)[] = [
  "rank",
  "name",
  "rating",
  "matches",
  "wlt",
  "winRate",
  REPORT_SCORES,
  "elo",
  "rounds",
  "failureRate",
  "costPerRun",
  "timePerRun",
  "organisation",
  "model",
  "submitted",
  "flaggedSpans",
  "profile",
];

/** The CSV's header names in order. */
export const LEADERBOARD_CSV_COLUMNS: readonly string[] = csvHeader(LEADERBOARD_COLUMNS);
