import type { DrArenaNode } from "@arena/core";
import type { Db } from "@arena/db";
import { loadTreeRows, type StoredNode, type TreeRows } from "./load";

/** Rebuilds the DR-Arena JSON of a stored tree, fields in the published order. */
export async function exportTree(db: Db, treeId: string): Promise<DrArenaNode> {
  const rows = await loadTreeRows(db, treeId);
  return toDrArena(rows, rows.root);
}

function toDrArena(rows: TreeRows, n: StoredNode): DrArenaNode {
  return {
    url: n.url,
    domain: n.domain,
    title: n.title,
    description: n.description,
    content: n.content,
    crawled: n.crawled,
    depth: n.depth,
    error: n.error,
    relationship_cluster: n.relationshipCluster,
    link_contexts: (rows.contexts.get(n.id) ?? []).map((c) => ({
      url: c.url,
      anchor_text: c.anchorText,
      surrounding_text: c.surroundingText,
      relationship: c.relationship,
    })),
    children: (rows.children.get(n.id) ?? []).map((c) => toDrArena(rows, c)),
  };
}
