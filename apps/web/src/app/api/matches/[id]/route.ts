import { readMatch } from "@arena/match/read";
import { db } from "@/lib/db";
import { optionalUser } from "@/lib/auth-session";
import { errorDetailFor } from "@/features/matches/viewer";
import { handle, jsonOf, notFound, pathId } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Public; an agent's error details (which can name its endpoint) only for its owner and admins. */
export function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const match = await readMatch(db(), pathId((await params).id, "id"), { errorDetailFor: errorDetailFor(await optionalUser(request)) });
    if (!match) throw notFound("match");
    return jsonOf(API_ROUTES.match.response.schema, match);
  });
}
