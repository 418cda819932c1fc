import { describeRating, RATING_FLAG_NOTES, RATING_SCALE_NOTE } from "@arena/core/rating-display";
import { type Column, csvHeader, ratingBoundColumns, recordColumns } from "@arena/tournament/columns";
import type { PeopleRow } from "../read/people";

/**
 * Every column of the people's leaderboard once, as the examiner's leaderboard keeps its own
 * (packages/tournament/src/read/leaderboard-columns.ts): the web table, the CSV
 * (`GET /api/leaderboard.csv?by=people`) and `arena leaderboard --by people` render these. Imports
 * no database code, so client components read it through `@arena/votes/people-columns`.
 */

/** A people's column: the examiner leaderboard's column type over the people's rows. */
export type PeopleColumn = Column<PeopleRow, { minVotesPerAgent: number }>;

export const PEOPLE_COLUMNS = [
  {
    key: "rank",
    header: "Rank",
    title: "1 + agents whose lower bound exceeds this agent's upper bound",
    legend:
      "1 + the number of agents whose 95 % lower bound is above this agent's upper bound: agents people's verdicts cannot separate share a rank.",
    csv: "rank",
    value: (r) => r.rank,
    format: "count",
    cli: { header: "rank", width: 5, align: "left" },
  },
  {
    key: "name",
    header: "Agent",
    legend: ({ minVotesPerAgent }) =>
      `The agent, linked to its page; preliminary: fewer than ${minVotesPerAgent} counted verdicts, so it is left out of the agreement figure.`,
    csv: "agent",
    value: (r) => r.name,
    sort: (r) => r.name.toLowerCase(),
    format: "text",
    cli: { header: "agent", width: 26, align: "left", text: (r) => `${r.name.slice(0, 23)}${r.preliminary ? "*" : ""}` },
  },
  {
    key: "rating",
    header: "People's rating (95 % CI)",
    title: "Bradley–Terry rating on people's blind verdicts, with its bootstrap interval",
    legend: `Bradley–Terry rating fitted on people's blind verdicts (votes and auditors' own verdicts, one battle each: the named winner wins whatever the margin, a tie is a tie), with its 95 % bootstrap interval. (wide): ${RATING_FLAG_NOTES.wide}. unbeaten, ≥ R: ${RATING_FLAG_NOTES.unbeaten}; winless, ≤ R the mirror image. ${RATING_SCALE_NOTE}`,
    csv: "rating",
    value: (r) => r.rating,
    format: "rating",
    cli: { header: "rating (95% CI)", width: 24, align: "left", text: (r) => describeRating(r).text },
  },
  ...ratingBoundColumns<PeopleRow>(),
  {
    key: "verdicts",
    header: "Verdicts",
    title: "Counted people's verdicts on this agent's rounds",
    csv: "verdicts",
    value: (r) => r.games,
    format: "count",
    cli: { header: "verdicts", width: 9, align: "right" },
  },
  ...recordColumns<PeopleRow>("Verdicts", 11),
  {
    key: "winRate",
    header: "Win rate",
    title: "Verdicts won / verdicts",
    csv: "win_rate",
    value: (r) => (r.games ? r.wins / r.games : 0),
    format: "share",
    cli: { header: "win", width: 5, align: "right" },
  },
  {
    key: "preliminary",
    header: "Preliminary",
    title: "Fewer counted verdicts than the minimum per agent",
    csv: "preliminary",
    value: (r) => r.preliminary,
    format: "flag",
  },
] as const satisfies readonly PeopleColumn[];

export type PeopleColumnKey = (typeof PEOPLE_COLUMNS)[number]["key"];

/** The web table's columns in order; the others are the CSV's only. */
export const PEOPLE_TABLE_LAYOUT: readonly PeopleColumnKey[] = ["rank", "name", "rating", "verdicts", "wlt", "winRate"];

/** The CSV's header names in order. */
export const PEOPLE_CSV_COLUMNS: readonly string[] = csvHeader(PEOPLE_COLUMNS);
