import { contextNode, type TreeView } from "@arena/core";
import type { Examiner } from "@arena/examiner";

/**
 * The tree as this examiner plays it: with the examiner's own rule for which pages can be targets
 * (TreeView.targetable), so that starts and pools keep to pages it can ask about and a match
 * spends no round on a context it cannot write a question for. An examiner without a rule gets
 * the tree as it is. Reads go through to `tree`, so expansions of a stored tree show at once.
 */
export function examinerView(tree: TreeView, examiner: Pick<Examiner, "canTarget">): TreeView {
  const canTarget = examiner.canTarget;
  if (!canTarget) return tree;
  return {
    rootId: tree.rootId,
    node: (id) => tree.node(id),
    linkContext: (parentId, childUrl) => tree.linkContext(parentId, childUrl),
    ...(tree.known ? { known: (url: string) => tree.known?.(url) } : {}),
    targetable: (node) => canTarget(contextNode(tree, node)),
  };
}
