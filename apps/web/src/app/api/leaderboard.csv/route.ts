import { readLeaderboard } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { cached } from "@/lib/api/cache";
import { leaderboardCsv } from "@/lib/api/csv";
import { handle, notFound, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handle(async () => {
    const scope = queryParams(request, API_ROUTES.leaderboardCsv.query);
    const body = await cached(`leaderboard.csv:${scope.examiner ?? ""}:${scope.tournament ?? ""}`, async () => {
      const board = await readLeaderboard(db(), scope);
      return board && leaderboardCsv(board);
    });
    if (body === null) throw notFound("examiner configuration or tournament");
    return new Response(body, {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="leaderboard.csv"', "Cache-Control": "no-store" },
    });
  });
}
