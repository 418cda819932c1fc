import { roundScores } from "@arena/scoring/read";
import { db } from "@/lib/db";
import { handle, jsonOf, notFound, pathId } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const scores = await roundScores(db(), { matchId: pathId((await params).id, "id") });
    if (!scores) throw notFound("match");
    return jsonOf(API_ROUTES.matchScores.response.schema, scores);
  });
}
