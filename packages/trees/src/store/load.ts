import type { Db, Prisma } from "@arena/db";

/** Thrown when a tree or node id does not exist. */
export class NotFoundError extends Error {}

const storedNodeSelect = {
  id: true,
  parentId: true,
  ordinal: true,
  url: true,
  domain: true,
  title: true,
  description: true,
  content: true,
  crawled: true,
  depth: true,
  error: true,
  relationshipCluster: true,
} as const;
const storedContextSelect = {
  nodeId: true,
  ordinal: true,
  url: true,
  anchorText: true,
  surroundingText: true,
  relationship: true,
} as const;

export type StoredNode = Prisma.NodeGetPayload<{ select: typeof storedNodeSelect }>;
export type StoredContext = Prisma.LinkContextGetPayload<{ select: typeof storedContextSelect }>;

export interface TreeRows {
  root: StoredNode;
  nodes: Map<string, StoredNode>;
  /** Child rows per parent id, in ordinal order. */
  children: Map<string, StoredNode[]>;
  /** Link contexts per node id, in ordinal order. */
  contexts: Map<string, StoredContext[]>;
}

function group<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}

/** Loads a whole tree in two queries (nodes, link contexts). */
export async function loadTreeRows(db: Db, treeId: string): Promise<TreeRows> {
  const [nodes, contexts] = await Promise.all([
    db.node.findMany({ where: { treeId }, select: storedNodeSelect, orderBy: [{ parentId: "asc" }, { ordinal: "asc" }] }),
    db.linkContext.findMany({
      where: { node: { treeId } },
      select: storedContextSelect,
      orderBy: [{ nodeId: "asc" }, { ordinal: "asc" }],
    }),
  ]);
  const root = nodes.find((n) => n.parentId === null);
  if (!root) throw new NotFoundError(`tree not found: ${treeId}`);
  return {
    root,
    nodes: new Map(nodes.map((n) => [n.id, n])),
    children: group(
      nodes.filter((n) => n.parentId !== null),
      (n) => n.parentId!,
    ),
    contexts: group(contexts, (c) => c.nodeId),
  };
}
