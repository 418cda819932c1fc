import { readLeaderboard } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { cached } from "@/lib/api/cache";
import { handle, notFound, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handle(async () => {
    const scope = queryParams(request, API_ROUTES.leaderboard.query);
    const body = await cached(`leaderboard:${scope.examiner ?? ""}:${scope.tournament ?? ""}`, async () => {
      const board = await readLeaderboard(db(), scope);
      if (!board) return null;
      const { analysis: _, ...rows } = board;
      return JSON.stringify(rows);
    });
    if (body === null) throw notFound("examiner configuration or tournament");
    return new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
  });
}
