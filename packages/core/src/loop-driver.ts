import {
  applyJudgement,
  beforeRound,
  chooseStart,
  initialState,
  jumpToNewStart,
  planTransition,
  type LoopConfig,
  type LoopState,
  type StopReason,
  type TransitionAction,
} from "./loop";
import type { TreeView, Verdict } from "./types";

export interface ExpansionRequest {
  kind: "width" | "depth";
  nodeId: string;
  /** Pages wanted (width: siblings lacking; depth: max new children). */
  count: number;
  /** The scripted driver cannot crawl, so this is always false. */
  performed: boolean;
}

export interface ScriptedRound {
  round: number;
  /** D and W the round was played at. */
  depth: number;
  width: number;
  /** Nodes actually in the aggregation pool (may be < W when expansion was impossible). */
  poolSize: number;
  path: string[];
  verdict: Verdict["verdict"];
  score_a: number;
  score_b: number;
  /** Transition taken after this round; null when the match stopped. */
  action: TransitionAction | null;
  stop: StopReason | null;
  stuck: boolean;
  expansions: ExpansionRequest[];
}

export class ScriptedLoopError extends Error {}

/** Consecutive uncounted restarts tolerated before the tree is declared unusable. */
const MAX_JUMPS_PER_ROUND = 25;

/**
 * Reference driver: plays the loop with scripted verdicts, synchronously, with no crawler
 * (`canExpand: false`): every expansion request is recorded as not performed and the loop goes on
 * as §5 says. It is the executable documentation of how a match runner calls the step functions;
 * a real runner does the same with generation, agent calls, judging and expansion in between.
 * Stops when the loop stops or the verdicts run out.
 */
export function runScriptedLoop(
  tree: TreeView,
  verdicts: readonly Pick<Verdict, "verdict" | "tie_quality" | "loser_failure_type">[],
  seed: number,
  opts: { canExpand: false; config?: Partial<LoopConfig> } = { canExpand: false },
): { rounds: ScriptedRound[]; state: LoopState } {
  let state = chooseStart(initialState(seed, opts.config), tree);
  if (!state) throw new ScriptedLoopError("the tree has no node with content below the root");
  const rounds: ScriptedRound[] = [];
  for (const verdict of verdicts) {
    const expansions: ExpansionRequest[] = [];
    const asked = prepareRound(state, tree, expansions);
    state = asked.state;
    const { context } = asked;
    const question = `Scripted question ${state.round + 1} (D=${context.depth}, W=${context.width})`;
    const judged = applyJudgement(state, { question, answerA: "", answerB: "", verdict });
    state = judged.state;
    const record: ScriptedRound = {
      round: state.round,
      depth: context.depth,
      width: context.width,
      poolSize: context.aggregationPool.length,
      path: asked.pathUrls,
      verdict: verdict.verdict,
      score_a: state.scoreA,
      score_b: state.scoreB,
      action: null,
      stop: judged.stop,
      stuck: false,
      expansions,
    };
    rounds.push(record);
    if (judged.stop) break;
    let plan = planTransition(state, tree, verdict);
    if (plan.kind === "expand_depth") {
      expansions.push({ kind: "depth", nodeId: plan.nodeId, count: plan.maxChildren, performed: false });
      plan = planTransition(state, tree, verdict, { depthExpansionAttempted: true });
    }
    if (plan.kind !== "done") throw new ScriptedLoopError("depth expansion requested twice");
    state = plan.state;
    record.action = plan.transition.action;
    record.stuck = plan.transition.stuck;
  }
  return { rounds, state };
}

/** Steps 1–2 with impossible expansions; empty pools jump to a new start (round not counted). */
function prepareRound(state: LoopState, tree: TreeView, expansions: ExpansionRequest[]) {
  for (let jumps = 0; jumps < MAX_JUMPS_PER_ROUND; jumps++) {
    let step = beforeRound(state, tree);
    if (step.kind === "expand_width") {
      expansions.push({ kind: "width", nodeId: step.parentId, count: step.needed, performed: false });
      step = beforeRound(state, tree, { widthExpansionAttempted: true });
    }
    if (step.kind === "ask") {
      const pathUrls = step.state.path.map((id) => tree.node(id)!.url);
      return { state: step.state, context: step.context, pathUrls };
    }
    if (step.kind === "empty_pool") {
      if (step.parentId) expansions.push({ kind: "width", nodeId: step.parentId, count: step.needed, performed: false });
      const jumped = jumpToNewStart(state, tree, "empty_pool");
      if (!jumped) throw new ScriptedLoopError("the tree has no node with content below the root");
      state = jumped;
    }
  }
  throw new ScriptedLoopError(`no usable aggregation pool after ${MAX_JUMPS_PER_ROUND} restarts`);
}
