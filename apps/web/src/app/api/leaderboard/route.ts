import { LEADERBOARD_WINDOWS, readScopeWindowRatings } from "@arena/tournament/read";
import { readLeaderboardWithSpans, readPeopleLeaderboard } from "@arena/votes/read";
import { db } from "@/lib/db";
import { cached } from "@/lib/api/cache";
import { handle, HttpError, notFound, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handle(async () => {
    const { window = "all", by = "examiner", ...scope } = queryParams(request, API_ROUTES.leaderboard.query);
    if (by === "people") return peopleResponse(scope);
    const body = await cached(`leaderboard:${window}:${scope.examiner ?? ""}:${scope.tournament ?? ""}`, async () => {
      const board = await readLeaderboardWithSpans(db(), scope);
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

/** by=people: the people's leaderboard of an examiner configuration's rounds, or of every round. */
async function peopleResponse(scope: { examiner?: string; tournament?: string }): Promise<Response> {
  if (scope.tournament)
    throw new HttpError(400, "the people's leaderboard has no tournament scope: give an examiner configuration or none");
  const body = await cached(`leaderboard:people:${scope.examiner ?? ""}`, async () => {
    const board = await readPeopleLeaderboard(db(), scope.examiner ? { examiner: scope.examiner } : {});
    return board && JSON.stringify(board);
  });
  if (body === null) throw notFound("examiner configuration");
  return new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}
