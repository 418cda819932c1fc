import { PEOPLE_COLUMNS } from "@arena/votes/people-columns";
import type { PeopleLeaderboard } from "@arena/votes/read";
import { columnsCsv } from "@/lib/api/csv";

/** `GET /api/leaderboard.csv?by=people`: one line per agent, a cell per people's column with a CSV name. */
export function peopleCsv(board: PeopleLeaderboard): string {
  return columnsCsv(PEOPLE_COLUMNS, board.rows);
}
