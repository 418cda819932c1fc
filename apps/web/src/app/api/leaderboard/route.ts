import { readLeaderboard } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { handle, jsonOf, notFound, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handle(async () => {
    const route = API_ROUTES.leaderboard;
    const board = await readLeaderboard(db(), queryParams(request, route.query));
    if (!board) throw notFound("examiner configuration or tournament");
    return jsonOf(route.response.schema, board);
  });
}
