import { readTournamentRatingHistory } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { handle, jsonOf, notFound, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handle(async () => {
    const { tournament } = queryParams(request, API_ROUTES.ratingHistory.query);
    const history = await readTournamentRatingHistory(db(), tournament);
    if (!history) throw notFound("tournament");
    return jsonOf(API_ROUTES.ratingHistory.response.schema, history);
  });
}
