import { LEADERBOARD_WINDOWS, readLeaderboard, readScopeWindowRatings } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { cached } from "@/lib/api/cache";
import { handle, notFound, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handle(async () => {
    const { window = "all", ...scope } = queryParams(request, API_ROUTES.leaderboard.query);
    const body = await cached(`leaderboard:${window}:${scope.examiner ?? ""}:${scope.tournament ?? ""}`, async () => {
      const board = await readLeaderboard(db(), scope);
      if (!board) return null;
      const { analysis: _, ...rows } = board;
      if (window === "all") return JSON.stringify(rows);
      const windowed = await readScopeWindowRatings(db(), scope, LEADERBOARD_WINDOWS[window]);
      return JSON.stringify(windowed ? { ...rows, window: windowed } : rows);
    });
    if (body === null) throw notFound("examiner configuration or tournament");
    return new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
  });
}
