import type { Db } from "@arena/db";
import { loadTreeRows, NotFoundError, type StoredNode, type TreeRows } from "./load";
import type { TreeSummary } from "./import";

/** Stored trees (all, or those in `ids`) with their node count and deepest node depth, oldest first. */
export async function listTrees(db: Db, opts: { ids?: string[] } = {}): Promise<TreeSummary[]> {
  const [trees, stats] = await Promise.all([
    db.tree.findMany({
      where: opts.ids ? { id: { in: opts.ids } } : {},
      select: { id: true, rootUrl: true, title: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    db.node.groupBy({ by: ["treeId"], where: opts.ids ? { treeId: { in: opts.ids } } : {}, _count: { _all: true }, _max: { depth: true } }),
  ]);
  const byTree = new Map(stats.map((s) => [s.treeId, s]));
  return trees.map((t) => ({
    ...t,
    nodes: byTree.get(t.id)?._count._all ?? 0,
    maxDepth: byTree.get(t.id)?._max.depth ?? 0,
  }));
}

export interface OutlineRow {
  id: string;
  /** Depth as stored on the node (the root is 0). */
  depth: number;
  url: string;
  title: string | null;
  contentChars: number;
  error: string | null;
  /** Relationship label of the parent's link context pointing here, if any. */
  relationship: string | null;
}

export interface TreeOutline {
  id: string;
  rootUrl: string;
  title: string | null;
  topic: string | null;
  source: string;
  rows: OutlineRow[];
}

/** The tree in depth-first sibling order, for `arena tree show`. */
export async function showTree(db: Db, treeId: string): Promise<TreeOutline> {
  const tree = await db.tree.findUnique({ where: { id: treeId } });
  if (!tree) throw new NotFoundError(`tree not found: ${treeId}`);
  const rows = await loadTreeRows(db, treeId);
  const out: OutlineRow[] = [];
  const visit = (n: StoredNode, parent: StoredNode | null) => {
    out.push({
      id: n.id,
      depth: n.depth,
      url: n.url,
      title: n.title,
      contentChars: n.content?.length ?? 0,
      error: n.error,
      relationship: parent ? relationshipOf(rows, parent.id, n.url) : null,
    });
    for (const c of rows.children.get(n.id) ?? []) visit(c, n);
  };
  visit(rows.root, null);
  return { id: tree.id, rootUrl: tree.rootUrl, title: tree.title, topic: tree.topic, source: tree.source, rows: out };
}

function relationshipOf(rows: TreeRows, parentId: string, url: string): string | null {
  return rows.contexts.get(parentId)?.find((c) => c.url === url)?.relationship ?? null;
}
