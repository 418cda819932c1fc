import { readMatches } from "@arena/match/read";
import { db } from "@/lib/db";
import { handle, jsonOf, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handle(async () => {
    const route = API_ROUTES.matches;
    return jsonOf(route.response.schema, await readMatches(db(), queryParams(request, route.query)));
  });
}
