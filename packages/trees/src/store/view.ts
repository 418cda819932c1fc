import { z } from "zod";
import { contextsByUrl, type KnownEntity, type LinkContextView, type TreeNodeView, type TreeView } from "@arena/core";
import { sqlPool, type PrismaClient } from "@arena/db";
import { NotFoundError } from "./load";

/**
 * A TreeView over a stored tree (node ids = Node.id) that can take in children added since it
 * was read. Trees only grow (expansion adds nodes, nothing edits or removes them), so a view is
 * a snapshot that `refresh` extends node by node. Node objects are replaced, never mutated: a
 * caller holding one keeps a consistent picture while another match extends the same view.
 */
export interface DbTreeView extends TreeView {
  readonly treeId: string;
  /**
   * Re-reads one node's children and their link contexts, so children stored since the view
   * was read (by this match, another match, another worker) become visible. Returns the ids
   * of the children that appeared, in sibling order.
   */
  refresh(nodeId: string): Promise<string[]>;
}

/** A Node row as the view reads it: the node without its child list. */
type NodeRow = Omit<TreeNodeView, "childIds">;

interface ContextRow extends LinkContextView {
  nodeId: string;
}

// Read with node-postgres directly: a whole tree is thousands of rows, and through the ORM its
// decoding dominated the start of every match.
const NODE_COLUMNS = `id, "parentId", url, domain, title, description, content, depth`;
const CONTEXT_COLUMNS = `"nodeId", url, "anchorText", "surroundingText", relationship`;

/** A synthetic world's tree meta: what it knows of each page's entity (trees imported before it carry none). */
const knownMeta = z.object({
  truth: z.array(
    z.object({
      url: z.string(),
      known: z
        .object({
          name: z.string(),
          aliases: z.array(z.string()),
          describe: z.string(),
          asks: z.array(z.object({ ask: z.string(), value: z.string() })),
        })
        .optional(),
    }),
  ),
});

function knownOf(meta: unknown): Map<string, KnownEntity> {
  const parsed = knownMeta.safeParse(meta);
  if (!parsed.success) return new Map();
  return new Map(parsed.data.truth.flatMap((t) => (t.known ? [[t.url, t.known] as const] : [])));
}

class StoredTreeView implements DbTreeView {
  private readonly nodes = new Map<string, TreeNodeView>();
  private readonly contexts = new Map<string, Map<string, LinkContextView>>();

  private constructor(
    private readonly db: PrismaClient,
    readonly treeId: string,
    readonly rootId: string,
    private readonly knownByUrl: ReadonlyMap<string, KnownEntity>,
  ) {}

  /** Reads a whole tree: every node (children in ordinal order) and every link context. */
  static async load(db: PrismaClient, treeId: string): Promise<StoredTreeView> {
    const pool = sqlPool(db);
    const nodes = await pool.query<NodeRow>(`SELECT ${NODE_COLUMNS} FROM "Node" WHERE "treeId" = $1 ORDER BY "parentId", ordinal`, [
      treeId,
    ]);
    const root = nodes.rows.find((n) => n.parentId === null);
    if (!root) throw new NotFoundError(`tree not found: ${treeId}`);
    const meta = await pool.query<{ meta: unknown }>(`SELECT meta FROM "Tree" WHERE id = $1`, [treeId]);
    const view = new StoredTreeView(db, treeId, root.id, knownOf(meta.rows[0]?.meta));
    // Contexts of exactly the nodes read: an expansion committing in between cannot leave a
    // node without its contexts (refresh never re-reads a node it has).
    view.add(nodes.rows, await view.contextsOf(nodes.rows));
    return view;
  }

  private async contextsOf(nodes: NodeRow[]): Promise<ContextRow[]> {
    const rows = await sqlPool(this.db).query<ContextRow>(
      `SELECT ${CONTEXT_COLUMNS} FROM "LinkContext" WHERE "nodeId" = ANY($1::text[]) ORDER BY "nodeId", ordinal`,
      [nodes.map((n) => n.id)],
    );
    return rows.rows;
  }

  node(id: string): TreeNodeView | undefined {
    return this.nodes.get(id);
  }

  linkContext(parentId: string, childUrl: string): LinkContextView | undefined {
    return this.contexts.get(parentId)?.get(childUrl);
  }

  known(url: string): KnownEntity | undefined {
    return this.knownByUrl.get(url);
  }

  async refresh(nodeId: string): Promise<string[]> {
    // Usually nothing is new (a match checks before it expands): one query then, two otherwise.
    const children = await sqlPool(this.db).query<NodeRow>(`SELECT ${NODE_COLUMNS} FROM "Node" WHERE "parentId" = $1 ORDER BY ordinal`, [
      nodeId,
    ]);
    const fresh = children.rows.filter((n) => !this.nodes.has(n.id));
    if (!fresh.length) return [];
    const contexts = await this.contextsOf(fresh);
    // Another match sharing this view may have taken the same children in meanwhile.
    const unseen = fresh.filter((n) => !this.nodes.has(n.id));
    this.add(unseen, contexts);
    return unseen.map((n) => n.id);
  }

  /** Adds new rows ordered by parent then ordinal; each parent's child list is replaced, not pushed to. */
  private add(rows: NodeRow[], contexts: ContextRow[]): void {
    const appended = new Map<string, string[]>();
    for (const row of rows) {
      this.nodes.set(row.id, { ...row, childIds: [] });
      if (row.parentId === null) continue;
      const list = appended.get(row.parentId) ?? [];
      list.push(row.id);
      appended.set(row.parentId, list);
    }
    for (const [parentId, ids] of appended) {
      const parent = this.nodes.get(parentId);
      if (parent) this.nodes.set(parentId, { ...parent, childIds: [...parent.childIds, ...ids] });
    }
    const byNode = new Map<string, LinkContextView[]>();
    for (const { nodeId, ...context } of contexts) {
      const list = byNode.get(nodeId) ?? [];
      list.push(context);
      byNode.set(nodeId, list);
    }
    for (const [nodeId, list] of byNode) this.contexts.set(nodeId, contextsByUrl(list));
  }
}

/** Reads a stored tree into a view of its own. */
export function loadTreeView(db: PrismaClient, treeId: string): Promise<DbTreeView> {
  return StoredTreeView.load(db, treeId);
}

/**
 * The views of one worker process, shared by its matches: a tree is read once, not once per
 * match, and an expansion made by one match is visible to the others at once. Least recently
 * used trees are dropped beyond `max`. Views read by another process go stale only in one way,
 * missing children added since, which the match runner handles by refreshing a node before it
 * expands it.
 */
export class TreeViews {
  private readonly views = new Map<string, Promise<DbTreeView>>();

  constructor(
    private readonly db: PrismaClient,
    private readonly max = 32,
  ) {}

  get(treeId: string): Promise<DbTreeView> {
    let view = this.views.get(treeId);
    if (view) this.views.delete(treeId);
    else view = loadTreeView(this.db, treeId);
    this.views.set(treeId, view);
    // A failed read is not kept: the next match reads again.
    view.catch(() => this.views.get(treeId) === view && this.views.delete(treeId));
    for (const oldest of this.views.keys()) {
      if (this.views.size <= this.max) break;
      this.views.delete(oldest);
    }
    return view;
  }
}
