import {
  applyJudgement,
  beforeRound,
  chooseStart,
  initialState,
  isFinished,
  jumpToNewStart,
  planTransition,
  type LoopConfig,
  type LoopState,
  type TransitionRecord,
} from "./loop";
import type { StopReason, TransitionAction } from "../closed-sets";
import type { TaskContext, TreeView, Verdict } from "../types";

/**
 * The order in which a round calls the step functions of loop.ts, written once: the match
 * runner (with real expansions, generation, agents and judge in between) and the scripted replay
 * (with none) both use it. Expansion is the caller's I/O: `expand` performs it (or records that it
 * cannot) and leaves `tree` showing any new nodes.
 */
export type Expand = (kind: "width" | "depth", nodeId: string, count: number) => Promise<void>;

/** The loop cannot continue on this tree (no usable node, or no usable pool after many restarts). */
export class LoopStuckError extends Error {}

/** Consecutive uncounted restarts (empty pools) tolerated while preparing one round. */
const MAX_JUMPS_PER_ROUND = 25;

/** Steps 1–2: width expansion when the pool lacks nodes, new random starts for empty pools. */
export async function prepareRound(state: LoopState, tree: TreeView, expand: Expand): Promise<{ state: LoopState; context: TaskContext }> {
  let current = state;
  for (let jumps = 0; jumps < MAX_JUMPS_PER_ROUND; jumps++) {
    let step = beforeRound(current, tree);
    let widened: string | null = null;
    if (step.kind === "expand_width") {
      widened = step.parentId;
      await expand("width", step.parentId, step.needed);
      step = beforeRound(current, tree, { widthExpansionAttempted: true });
    }
    if (step.kind === "ask") return { state: step.state, context: step.context };
    // An empty pool asks for its parent's width expansion, unless that was just tried.
    if (step.parentId && step.parentId !== widened) await expand("width", step.parentId, step.needed);
    const jumped = jumpToNewStart(current, tree, "empty_pool");
    if (!jumped) throw new LoopStuckError("the tree has no node with content below the root");
    current = jumped;
  }
  throw new LoopStuckError(`no usable aggregation pool after ${MAX_JUMPS_PER_ROUND} restarts`);
}

/** Step 7 after an unfinished round: the transition, with a depth expansion when descending needs one. */
export async function transitionAfter(
  state: LoopState,
  tree: TreeView,
  verdict: Pick<Verdict, "verdict" | "tie_quality" | "loser_failure_type">,
  expand: Expand,
): Promise<{ state: LoopState; transition: TransitionRecord }> {
  let plan = planTransition(state, tree, verdict);
  if (plan.kind === "expand_depth") {
    await expand("depth", plan.nodeId, plan.maxChildren);
    plan = planTransition(state, tree, verdict, { depthExpansionAttempted: true });
  }
  if (plan.kind !== "done") throw new Error("depth expansion requested twice");
  return { state: plan.state, transition: plan.transition };
}

export interface ExpansionRequest {
  kind: "width" | "depth";
  nodeId: string;
  /** Pages wanted (width: siblings lacking; depth: max new children). */
  count: number;
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
  /** Expansions the loop asked for; a replay cannot crawl, so none was performed. */
  expansions: ExpansionRequest[];
}

/**
 * Plays the loop with scripted verdicts and no crawler: every expansion request is recorded and
 * the loop goes on as §5 says. Stops when the loop stops or the verdicts run out.
 */
export async function runScriptedLoop(
  tree: TreeView,
  verdicts: readonly Pick<Verdict, "verdict" | "tie_quality" | "loser_failure_type">[],
  seed: number,
  config: Partial<LoopConfig> = {},
): Promise<{ rounds: ScriptedRound[]; state: LoopState }> {
  let state = chooseStart(initialState(seed, config), tree);
  if (isFinished(state)) throw new LoopStuckError("the tree has no node with content below the root");
  const rounds: ScriptedRound[] = [];
  for (const verdict of verdicts) {
    const expansions: ExpansionRequest[] = [];
    const expand: Expand = async (kind, nodeId, count) => void expansions.push({ kind, nodeId, count });
    const asked = await prepareRound(state, tree, expand);
    const { context } = asked;
    const question = `Scripted question ${asked.state.round + 1} (D=${context.depth}, W=${context.width})`;
    const judged = applyJudgement(asked.state, { question, answerA: "", answerB: "", verdict });
    state = judged.state;
    const record: ScriptedRound = {
      round: state.round,
      depth: context.depth,
      width: context.width,
      poolSize: context.aggregationPool.length,
      path: asked.state.path.map((id) => tree.node(id)!.url),
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
    const next = await transitionAfter(state, tree, verdict, expand);
    state = next.state;
    record.action = next.transition.action;
    record.stuck = next.transition.stuck;
  }
  return { rounds, state };
}
