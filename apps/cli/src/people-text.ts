import { describeRating, RATING_FLAG_NOTES, RATING_SCALE_NOTE } from "@arena/core/rating-display";
import { PEOPLE_COLUMNS, type PeopleColumn, type PeopleColumnFormat } from "@arena/votes/people-columns";
import type { PeopleLeaderboard, PeopleRow } from "@arena/votes/read";

/** How the terminal words each people's column format (as `arena leaderboard` words the examiner's). */
const CLI_FORMATS: Record<PeopleColumnFormat, (v: string | number | boolean) => string> = {
  count: (v) => v.toString(),
  share: (v) => `${(100 * Number(v)).toFixed(0)}%`,
  rating: (v) => Number(v).toFixed(0),
  text: (v) => v.toString(),
  record: (v) => v.toString(),
  flag: (v) => v.toString(),
};

type CliColumn = PeopleColumn & { cli: NonNullable<PeopleColumn["cli"]> };
const COLUMNS: readonly PeopleColumn[] = PEOPLE_COLUMNS;
const CLI_COLUMNS = COLUMNS.filter((c): c is CliColumn => c.cli !== undefined);

function cell(c: CliColumn, text: string): string {
  return " ".repeat(c.cli.gap ?? 0) + (c.cli.align === "left" ? text.padEnd(c.cli.width) : text.padStart(c.cli.width));
}

function text(c: CliColumn, r: PeopleRow): string {
  if (c.cli.text) return c.cli.text(r);
  const v = c.value(r);
  return v === null ? "–" : CLI_FORMATS[c.format](v);
}

/** `arena leaderboard --by people`: the stored people's leaderboard and its agreement line, as the web page shows them. */
export function peopleText(b: PeopleLeaderboard): string {
  const scope = b.examiner ? `people's verdicts on ${b.examiner.name}'s rounds` : "people's verdicts on every round";
  const lines = [`${scope}: ${b.agreementLine}${b.comparedWith ? ` (against ${b.comparedWith.name})` : ""}`];
  if (!b.snapshot || b.rows.length === 0) return [...lines, "no counted votes yet"].join("\n");
  lines.push(
    `snapshot of ${b.snapshot.votesCounted} counted verdicts at ${b.snapshot.createdAt}; * preliminary (< ${b.minVotesPerAgent} verdicts)`,
  );
  lines.push(CLI_COLUMNS.map((c) => cell(c, c.cli.header)).join(""));
  for (const r of b.rows) lines.push(CLI_COLUMNS.map((c) => cell(c, text(c, r))).join(""));
  const flags = [...new Set(b.rows.map((r) => describeRating(r).flag))].filter((f) => f !== "ok");
  return [...lines, RATING_SCALE_NOTE, ...flags.map((f) => `${f}: ${RATING_FLAG_NOTES[f]}`)].join("\n");
}
