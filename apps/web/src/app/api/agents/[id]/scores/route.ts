import { agentScoreMeans } from "@arena/scoring/read";
import { readAgent } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { handle, jsonOf, notFound, pathId, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The examiner configuration is resolved as the agent route does (default: the one with most of its rated matches). */
export function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const route = API_ROUTES.agentScores;
    const agent = await readAgent(db(), pathId((await params).id, "id"), queryParams(request, route.query));
    if (!agent) throw notFound("agent (or examiner configuration)");
    const scores = await agentScoreMeans(db(), { agentId: agent.id, ...(agent.examiner ? { examinerConfigId: agent.examiner.id } : {}) });
    return jsonOf(route.response.schema, scores);
  });
}
