import { readNode } from "@arena/trees/read";
import { db } from "@/lib/db";
import { handle, jsonOf, notFound, pathId } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(_request: Request, { params }: { params: Promise<{ id: string; nodeId: string }> }): Promise<Response> {
  return handle(async () => {
    const p = await params;
    const treeId = pathId(p.id, "id");
    const node = await readNode(db(), pathId(p.nodeId, "nodeId"));
    // A node is addressed through its own tree only.
    if (!node || node.treeId !== treeId) throw notFound("node");
    return jsonOf(API_ROUTES.node.response.schema, node);
  });
}
