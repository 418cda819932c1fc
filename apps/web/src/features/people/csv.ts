import { PEOPLE_COLUMNS, PEOPLE_CSV_COLUMNS, type PeopleColumn } from "@arena/votes/people-columns";
import type { PeopleLeaderboard } from "@arena/votes/read";
import { csvCell } from "@/lib/api/csv";

/** `GET /api/leaderboard.csv?by=people`: one line per agent, a cell per people's column with a CSV name. */
export function peopleCsv(board: PeopleLeaderboard): string {
  const columns = PEOPLE_COLUMNS.filter((c: PeopleColumn) => c.csv !== undefined);
  const lines = [PEOPLE_CSV_COLUMNS.join(",")];
  for (const r of board.rows) lines.push(columns.map((c: PeopleColumn) => csvCell(c.value(r))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
