import type { Db } from "@arena/db";
import { z } from "zod";
import { listTrees, showTree } from "../store/list";
import { NotFoundError } from "../store/load";

/**
 * Read functions of the trees package for the web app and its API: `(db, params) → plain data`
 * checked by the schemas here. Page text is returned as text; rendering it is the reader's job.
 */

export const treeSummarySchema = z.object({
  id: z.string(),
  rootUrl: z.string(),
  title: z.string().nullable(),
  topic: z.string().nullable(),
  source: z.enum(["imported", "crawled", "synthetic"]),
  nodes: z.number().int(),
  maxDepth: z.number().int(),
  matches: z.number().int(),
  createdAt: z.string(),
});
export type TreeSummaryView = z.infer<typeof treeSummarySchema>;
/** What an import answers (the store's TreeSummary): the new tree's size, before it plays any match. */
export const importedTreeSchema = treeSummarySchema.pick({ id: true, rootUrl: true, title: true, nodes: true, maxDepth: true });

export const treeViewSchema = treeSummarySchema.extend({
  /** Depth-first, siblings in order; depth as stored (the root is 0). */
  outline: z.array(
    z.object({
      id: z.string(),
      depth: z.number().int(),
      url: z.string(),
      title: z.string().nullable(),
      contentChars: z.number().int(),
      error: z.string().nullable(),
      relationship: z.string().nullable(),
    }),
  ),
});
export type TreeView = z.infer<typeof treeViewSchema>;

export const nodeViewSchema = z.object({
  id: z.string(),
  treeId: z.string(),
  treeTitle: z.string().nullable(),
  url: z.string(),
  domain: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  content: z.string().nullable(),
  depth: z.number().int(),
  crawled: z.boolean(),
  error: z.string().nullable(),
  expandedAt: z.string().nullable(),
  /** Root → this node. */
  path: z.array(z.object({ id: z.string(), title: z.string().nullable(), url: z.string() })),
  children: z.array(z.object({ id: z.string(), title: z.string().nullable(), url: z.string(), contentChars: z.number().int() })),
  /** Outbound links as crawled: relationship, anchor and surrounding text. */
  linkContexts: z.array(z.object({ url: z.string(), anchorText: z.string(), surroundingText: z.string(), relationship: z.string() })),
});
export type NodeView = z.infer<typeof nodeViewSchema>;

async function treeMeta(db: Db, ids?: string[]) {
  const [trees, matches] = await Promise.all([
    db.tree.findMany({ where: ids ? { id: { in: ids } } : {}, select: { id: true, topic: true, source: true, createdAt: true } }),
    db.match.groupBy({ by: ["treeId"], where: ids ? { treeId: { in: ids } } : {}, _count: { _all: true } }),
  ]);
  const counts = new Map(matches.map((m) => [m.treeId, m._count._all]));
  return new Map(
    trees.map((t) => [t.id, { topic: t.topic, source: t.source, createdAt: t.createdAt.toISOString(), matches: counts.get(t.id) ?? 0 }]),
  );
}

/** Every stored tree with its size and how many matches were played on it, oldest first. */
export async function readTrees(db: Db): Promise<TreeSummaryView[]> {
  const [trees, meta] = await Promise.all([listTrees(db), treeMeta(db)]);
  return trees.map((t) => treeSummarySchema.parse({ ...t, ...meta.get(t.id)! }));
}

/** One tree's outline (titles, depths, content sizes, relationships). Null if unknown. */
export async function readTree(db: Db, id: string): Promise<TreeView | null> {
  try {
    const [outline, [summary], meta] = await Promise.all([showTree(db, id), listTrees(db, { ids: [id] }), treeMeta(db, [id])]);
    return treeViewSchema.parse({ ...summary!, ...meta.get(id)!, outline: outline.rows });
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

/** One node: its page text, description, link contexts, path from the root and children. Null if unknown. */
export async function readNode(db: Db, id: string): Promise<NodeView | null> {
  const node = await db.node.findUnique({
    where: { id },
    select: {
      id: true,
      treeId: true,
      parentId: true,
      url: true,
      domain: true,
      title: true,
      description: true,
      content: true,
      depth: true,
      crawled: true,
      error: true,
      expandedAt: true,
      tree: { select: { title: true } },
      linkContexts: { orderBy: { ordinal: "asc" }, select: { url: true, anchorText: true, surroundingText: true, relationship: true } },
      children: { orderBy: { ordinal: "asc" }, select: { id: true, title: true, url: true, content: true } },
    },
  });
  if (!node) return null;
  const { tree, children, parentId, expandedAt, ...rest } = node;
  return nodeViewSchema.parse({
    ...rest,
    treeTitle: tree.title,
    expandedAt: expandedAt?.toISOString() ?? null,
    path: [...(await ancestors(db, parentId)), { id: node.id, title: node.title, url: node.url }],
    children: children.map((c) => ({ id: c.id, title: c.title, url: c.url, contentChars: c.content?.length ?? 0 })),
  });
}

export const storedPageSchema = z.object({ treeId: z.string(), nodeId: z.string() });
export type StoredPage = z.infer<typeof storedPageSchema>;

/**
 * The tree node that stores the page of `url`, for reading it in the app: a node with text
 * first, then the newest tree (the same page is stored once per tree). Null when no tree has it.
 */
export async function findStoredPage(db: Db, url: string): Promise<StoredPage | null> {
  const [hit] = await db.$queryRaw<StoredPage[]>`
    SELECT n."treeId", n.id AS "nodeId" FROM "Node" n JOIN "Tree" t ON t.id = n."treeId"
    WHERE n.url = ${url}
    ORDER BY (n.content IS NULL), t."createdAt" DESC, n.depth, n.id
    LIMIT 1`;
  return hit ? storedPageSchema.parse(hit) : null;
}

/** Root → parent, walking up one node at a time (trees are shallow: a handful of levels). */
async function ancestors(db: Db, parentId: string | null): Promise<NodeView["path"]> {
  const out: NodeView["path"] = [];
  for (let id = parentId; id; ) {
    const n = await db.node.findUnique({ where: { id }, select: { id: true, title: true, url: true, parentId: true } });
    if (!n) break;
    out.unshift({ id: n.id, title: n.title, url: n.url });
    id = n.parentId;
  }
  return out;
}
