import { readLeaderboardWithSpans, readPeopleLeaderboard } from "@arena/votes/read";
import { db } from "@/lib/db";
import { cached } from "@/lib/api/cache";
import { leaderboardCsv } from "@/lib/api/csv";
import { handle, HttpError, notFound, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";
import { peopleCsv } from "@/features/people/csv";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handle(async () => {
    const { by = "examiner", ...scope } = queryParams(request, API_ROUTES.leaderboardCsv.query);
    if (by === "people" && scope.tournament)
      throw new HttpError(400, "the people's leaderboard has no tournament scope: give an examiner configuration or none");
    const body = await cached(`leaderboard.csv:${by}:${scope.examiner ?? ""}:${scope.tournament ?? ""}`, async () => {
      if (by === "people") {
        const board = await readPeopleLeaderboard(db(), scope.examiner ? { examiner: scope.examiner } : {});
        return board && peopleCsv(board);
      }
      const board = await readLeaderboardWithSpans(db(), scope);
      return board && leaderboardCsv(board);
    });
    if (body === null) throw notFound("examiner configuration or tournament");
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${by === "people" ? "people-leaderboard" : "leaderboard"}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
