import { leaderboardFor } from "@/lib/page-data";
import { handle, jsonOf, notFound, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";
import { scoreboardFor } from "@/features/leaderboard/scores-data";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handle(async () => {
    const route = API_ROUTES.scores;
    const board = await leaderboardFor(queryParams(request, route.query));
    if (!board) throw notFound("examiner configuration or tournament");
    return jsonOf(route.response.schema, await scoreboardFor(board));
  });
}
