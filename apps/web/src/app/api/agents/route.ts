import { readAgents } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { handle, jsonOf } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return handle(async () => jsonOf(API_ROUTES.agents.response.schema, await readAgents(db())));
}

/** Agent submission (owners; session or personal API token): see features/submission. */
export { postAgent as POST } from "@/features/submission/api";
