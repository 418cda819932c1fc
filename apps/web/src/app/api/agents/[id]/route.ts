import { readAgent } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { handle, jsonOf, notFound, pathId, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const route = API_ROUTES.agent;
    const id = pathId((await params).id, "id");
    const agent = await readAgent(db(), id, queryParams(request, route.query));
    if (!agent) throw notFound("agent (or examiner configuration)");
    return jsonOf(route.response.schema, agent);
  });
}
