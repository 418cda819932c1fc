import type { Db, SqlPool } from "@arena/db";
import { loadTreeRows, NotFoundError, type StoredNode, type TreeRows } from "./load";
import type { TreeSummary } from "./import";

const LIST_TREES = `
  SELECT t.id, t."rootUrl", t.title, count(n.id)::int AS nodes, coalesce(max(n.depth), 0)::int AS "maxDepth",
    t."retiredAt", (SELECT count(*)::int FROM "Match" m WHERE m."treeId" = t.id) AS matches
  FROM "Tree" t LEFT JOIN "Node" n ON n."treeId" = t.id
  WHERE $1::text[] IS NULL OR t.id = ANY($1::text[])
  GROUP BY t.id
  ORDER BY t."createdAt", t.id`;

/**
 * Stored trees (all, or those in `ids`) with their node count, deepest node depth, retirement and
 * match count, oldest first.
 * One statement, through Prisma or a plain node-postgres pool: `arena tree list` takes the pool
 * (@arena/db/pool), since loading the Prisma client costs several times the query.
 */
/** A stored tree in lists: its size, when it was retired (null: in play) and how many matches used it. */
export interface StoredTree extends TreeSummary {
  retiredAt: Date | null;
  matches: number;
}

export async function listTrees(db: Db | SqlPool, opts: { ids?: string[] } = {}): Promise<StoredTree[]> {
  const ids = opts.ids ?? null;
  if ("query" in db) return (await db.query<StoredTree>(LIST_TREES, [ids])).rows;
  return db.$queryRawUnsafe<StoredTree[]>(LIST_TREES, ids);
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
