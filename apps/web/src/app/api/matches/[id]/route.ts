import { readMatch } from "@arena/match/read";
import { db } from "@/lib/db";
import { handle, jsonOf, notFound, pathId } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const match = await readMatch(db(), pathId((await params).id, "id"));
    if (!match) throw notFound("match");
    return jsonOf(API_ROUTES.match.response.schema, match);
  });
}
