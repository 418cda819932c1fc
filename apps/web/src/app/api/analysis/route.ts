import { readLeaderboard } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { cached } from "@/lib/api/cache";
import { handle, notFound, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handle(async () => {
    const scope = queryParams(request, API_ROUTES.analysis.query);
    const body = await cached(`analysis:${scope.examiner ?? ""}:${scope.tournament ?? ""}`, async () => {
      const board = await readLeaderboard(db(), scope);
      if (!board) return null;
      const { examiner, tournament, snapshot, analysis } = board;
      return JSON.stringify({ examiner, tournament, snapshot, analysis });
    });
    if (body === null) throw notFound("examiner configuration or tournament");
    return new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
  });
}
