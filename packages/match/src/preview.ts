import {
  beforeRound,
  isFinished,
  jumpToNewStart,
  onGenerationError,
  type GeneratedTask,
  type LoopState,
  type TaskContext,
  type TreeView,
} from "@arena/core";
import type { Examiner } from "@arena/examiner";
import { afterGenerationError } from "./failure-policy";
import { examinerView } from "./target-view";

export interface PreviewedTask {
  task: GeneratedTask;
  context: TaskContext;
  /** Jumps to a new start before a question came (as a match makes them after generation errors). */
  jumps: number;
}

/**
 * The first question a match with this start would ask, without expansions (a pool smaller than W
 * is used as it is): a context the examiner cannot write a question for makes the loop jump to a
 * new random start, as in a match (the same failure policy), until a question comes or the policy
 * ends the match. Throws the last reason when no question came. `start` should come from the
 * examiner's view of the tree (examinerView), as a match's does.
 */
export async function previewTask(tree: TreeView, start: LoopState, examiner: Examiner, seed: string): Promise<PreviewedTask> {
  const view = examinerView(tree, examiner);
  let state = start;
  for (let failures = 0; ; ) {
    const step = beforeRound(state, view, { widthExpansionAttempted: true });
    if (step.kind !== "ask") {
      const jumped = jumpToNewStart(state, view, "empty_pool");
      if (!jumped || ++failures > 8) throw new Error("no page with content in the aggregation pool of this node");
      state = jumped;
      continue;
    }
    try {
      const { task } = await examiner.generateTask(step.context, { seed });
      return { task, context: step.context, jumps: state.jumps.length - start.jumps.length };
    } catch (err) {
      const decision = afterGenerationError(err, ++failures);
      if (decision.kind !== "jump") throw err;
      const jumped = onGenerationError(step.state, view, decision.detail);
      if (!jumped || isFinished(jumped)) throw err;
      state = jumped;
    }
  }
}
