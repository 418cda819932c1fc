import { targetView, type TreeView } from "@arena/core";
import type { Examiner } from "@arena/examiner";

/**
 * The tree as this examiner plays it: with the examiner's own rule for which pages can be targets
 * (TreeView.targetable), so that starts and pools keep to pages it can ask about and a match
 * spends no round on a context it cannot write a question for. An examiner without a rule gets
 * the tree as it is.
 */
export function examinerView(tree: TreeView, examiner: Pick<Examiner, "canTarget">): TreeView {
  return targetView(tree, examiner.canTarget);
}
