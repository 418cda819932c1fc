import { describeRating } from "@arena/core/rating-display";
import { PEOPLE_COLUMNS } from "@arena/votes/people-columns";
import type { PeopleLeaderboard } from "@arena/votes/read";
import { columnTable, ratingNotes } from "./column-table";

/** `arena leaderboard --by people`: the stored people's leaderboard and its agreement line, as the web page shows them. */
export function peopleText(b: PeopleLeaderboard): string {
  const scope = b.examiner ? `people's verdicts on ${b.examiner.name}'s rounds` : "people's verdicts on every round";
  const lines = [`${scope}: ${b.agreementLine}${b.comparedWith ? ` (against ${b.comparedWith.name})` : ""}`];
  if (!b.snapshot || b.rows.length === 0) return [...lines, "no counted votes yet"].join("\n");
  lines.push(
    `snapshot of ${b.snapshot.votesCounted} counted verdicts at ${b.snapshot.createdAt}; * preliminary (< ${b.minVotesPerAgent} verdicts)`,
  );
  lines.push(...columnTable(PEOPLE_COLUMNS, b.rows));
  return [...lines, ...ratingNotes(b.rows.map((r) => describeRating(r).flag))].join("\n");
}
