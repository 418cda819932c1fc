import { contextsByUrl, type LinkContextView, type TreeNodeView, type TreeView } from "@arena/core";
import type { Db } from "@arena/db";
import { loadTreeRows } from "./load";

/** A TreeView over a stored tree (node ids = Node.id) that can re-read itself after expansion. */
export interface DbTreeView extends TreeView {
  readonly treeId: string;
  /** Re-reads the tree (two queries) so nodes added by expansion become visible. */
  reload(): Promise<void>;
}

interface Snapshot {
  rootId: string;
  nodes: Map<string, TreeNodeView>;
  contexts: Map<string, Map<string, LinkContextView>>;
}

async function snapshot(db: Db, treeId: string): Promise<Snapshot> {
  const rows = await loadTreeRows(db, treeId);
  const nodes = new Map<string, TreeNodeView>();
  for (const n of rows.nodes.values()) {
    nodes.set(n.id, {
      id: n.id,
      parentId: n.parentId,
      url: n.url,
      domain: n.domain,
      title: n.title,
      description: n.description,
      content: n.content,
      depth: n.depth,
      childIds: (rows.children.get(n.id) ?? []).map((c) => c.id),
    });
  }
  const contexts = new Map<string, Map<string, LinkContextView>>();
  for (const [nodeId, list] of rows.contexts) {
    contexts.set(
      nodeId,
      contextsByUrl(list.map((c) => ({ url: c.url, anchorText: c.anchorText, surroundingText: c.surroundingText, relationship: c.relationship }))),
    );
  }
  return { rootId: rows.root.id, nodes, contexts };
}

export async function loadTreeView(db: Db, treeId: string): Promise<DbTreeView> {
  let snap = await snapshot(db, treeId);
  return {
    treeId,
    get rootId() {
      return snap.rootId;
    },
    node: (id) => snap.nodes.get(id),
    linkContext: (parentId, childUrl) => snap.contexts.get(parentId)?.get(childUrl),
    async reload() {
      snap = await snapshot(db, treeId);
    },
  };
}
