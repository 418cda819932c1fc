import { z } from "zod";
import { jumpReasonSchema, stopReasonSchema, type JumpReason, type StopReason, type TransitionAction } from "../closed-sets";
import { buildTaskContext, canTarget, DEFAULT_CONTENT_MIN, hasContent, hasText, mustNode, poolCandidates } from "./context";
import { Rng } from "../rng";
import type { TaskContext, TreeView, Verdict } from "../types";
import { isTie, verdictPoints } from "./verdict";

/**
 * The adaptive evolvement loop (docs/method.md §5, paper Algorithm 1 / Table 2) as pure step functions.
 * Every decision is made here; every I/O need (width/depth expansion, question generation, agent
 * calls, judging) is returned to the caller as an explicit request. The state is plain JSON so a
 * runner can persist it after each step and resume a crashed match with identical random choices.
 *
 * Calling order per round (see runScriptedLoop in loop-driver.ts for an executable version):
 *   beforeRound → [expand_width: caller expands, calls beforeRound again with widthExpansionAttempted]
 *              → [empty_pool: caller width-expands, then jumpToNewStart; round not counted]
 *              → ask: caller generates the task (error → onGenerationError), agents answer, judge
 *                (no verdict → onJudgeError); both errors spend a round of the budget
 *   applyJudgement → stop? done : planTransition → [expand_depth: caller expands, calls again with
 *   depthExpansionAttempted] → done (new state).
 */

export const LOOP_DEFAULTS: Readonly<LoopConfig> = Object.freeze({
  minRounds: 1,
  maxRounds: 10,
  threshold: 2,
  startWidth: 2,
  contentMin: DEFAULT_CONTENT_MIN,
  depthExpansionChildren: 3,
});

/**
 * Transitions (TRANSITION_ACTIONS in closed-sets.ts, stored in the database and shown in the UI):
 * - pressure_test: Tie HIGH → W+1 and descend.
 * - probe_depth: winner, loser DEEP → descend (W+1 instead when no child can be reached).
 * - probe_width: winner, loser WIDE → W+1.
 * - probe_both: winner, loser BOTH or NONE → W+1 and descend.
 * - backtrack: Tie LOW → parent (from a first-level node: the root), W−1 (floor startWidth),
 *   histories restored; at the root alone only W ← startWidth.
 * A descend that finds no child even after a depth expansion leaves the path unchanged and is
 * flagged `stuck` on the transition and logged in `stuckDescends`.
 */

const snapshotSchema = z.object({ a: z.number().int().nonnegative(), b: z.number().int().nonnegative() });
const turnSchema = z.object({ question: z.string(), answer: z.string() });
const configSchema = z.object({
  minRounds: z.number().int().nonnegative(),
  maxRounds: z.number().int().positive(),
  /** |S_A − S_B| at or above which the match stops (mercy rule). */
  threshold: z.number().positive(),
  /** Starting width, also the floor a backtrack cannot go below (2 in the paper). */
  startWidth: z.number().int().positive(),
  /** A node "has content" when its trimmed content (for starts and pools: or description) is longer than this. */
  contentMin: z.number().int().nonnegative(),
  /** How many new children a depth expansion should try to add. */
  depthExpansionChildren: z.number().int().positive(),
});
export type LoopConfig = z.infer<typeof configSchema>;

const loopStateSchema = z.object({
  version: z.literal(1),
  config: configSchema,
  rng: z.array(z.number().int()).length(4),
  /** Node ids root → current node. */
  path: z.array(z.string()),
  /** snapshots[i] = history lengths when path[i] was entered; a backtrack out of path[i] restores them. */
  snapshots: z.array(snapshotSchema),
  width: z.number().int().positive(),
  scoreA: z.number(),
  scoreB: z.number(),
  /** Counted (judged) rounds so far. */
  round: z.number().int().nonnegative(),
  /**
   * Rounds of the budget spent on failures: a question that could not be generated, a judgement
   * that could not be given. The reference counts each as one of its MAX_ROUNDS (its loop
   * increments the round before generating and skips on either error), so round + failed ≤
   * maxRounds. States stored before this field read as 0.
   */
  failed: z.number().int().nonnegative().default(0),
  questions: z.array(z.string()),
  historyA: z.array(turnSchema),
  historyB: z.array(turnSchema),
  /** Null while the loop runs; the loop is finished once it is set. */
  stopReason: stopReasonSchema.nullable(),
  stuckDescends: z.array(z.object({ round: z.number().int(), nodeId: z.string() })),
  jumps: z.array(
    z.object({
      round: z.number().int(),
      reason: jumpReasonSchema,
      nodeId: z.string(),
      detail: z.string().optional(),
    }),
  ),
});
export type LoopState = z.infer<typeof loopStateSchema>;
export type HistorySnapshot = z.infer<typeof snapshotSchema>;

export const isFinished = (state: Pick<LoopState, "stopReason">): boolean => state.stopReason !== null;

/** Validates a persisted state (e.g. read back from the database) before resuming. */
export function parseLoopState(data: unknown): LoopState {
  const state = loopStateSchema.parse(data);
  if (state.snapshots.length !== state.path.length) throw new RangeError("loop state: snapshots and path differ in length");
  return state;
}

export function initialState(seed: number, config: Partial<LoopConfig> = {}): LoopState {
  const full = configSchema.parse({ ...LOOP_DEFAULTS, ...config });
  return {
    version: 1,
    config: full,
    rng: Rng.fromSeed(seed).state(),
    path: [],
    snapshots: [],
    width: full.startWidth,
    scoreA: 0,
    scoreB: 0,
    round: 0,
    failed: 0,
    questions: [],
    historyA: [],
    historyB: [],
    stopReason: null,
    stuckDescends: [],
    jumps: [],
  };
}

const currentId = (state: LoopState): string => {
  const id = state.path[state.path.length - 1];
  if (id === undefined) throw new Error("the loop has no current node: call chooseStart first");
  return id;
};

const snapshotOf = (state: LoopState): HistorySnapshot => ({ a: state.historyA.length, b: state.historyB.length });

/**
 * Start nodes: the shallowest tree level (≥ 1, counted from the root) holding nodes with text
 * (content or description). On a view with `targetable` (TreeView), the shallowest level holding
 * targetable nodes whose pool reaches `width` (their targetable siblings included), else the
 * shallowest holding targetable nodes at all: a level of navigation or listing pages is passed
 * through, its pages serving as hubs of the pools below.
 */
export function startCandidates(tree: TreeView, contentMin = DEFAULT_CONTENT_MIN, width = 1): string[] {
  let level = mustNode(tree, tree.rootId).childIds;
  const seen = new Set<string>([tree.rootId]);
  let fallback: string[] = [];
  while (level.length > 0) {
    const fresh = level.filter((id) => !seen.has(id) && tree.node(id));
    for (const id of fresh) seen.add(id);
    const usable = fresh.filter((id) => hasText(tree.node(id), contentMin) && canTarget(tree, mustNode(tree, id)));
    if (tree.targetable === undefined) {
      if (usable.length > 0) return usable;
    } else {
      const full = usable.filter((id) => poolCandidates(tree, id, contentMin).length >= width);
      if (full.length > 0) return full;
      if (fallback.length === 0) fallback = usable;
    }
    level = fresh.flatMap((id) => mustNode(tree, id).childIds);
  }
  return fallback;
}

function pathTo(tree: TreeView, id: string): string[] {
  const path: string[] = [];
  for (let cur: string | null = id; cur !== null; cur = mustNode(tree, cur).parentId) path.unshift(cur);
  return path;
}

/**
 * Moves to a random start node (shallowest level with text); the width is kept (docs/method.md §5, as the
 * reference's `_jump_to_random_start`, which leaves the width alone). Histories are kept: it is
 * still the same match. Prefers a node other than the current one. Returns null when the tree
 * has no usable node.
 */
export function jumpToNewStart(state: LoopState, tree: TreeView, reason: JumpReason, detail?: string): LoopState | null {
  const all = startCandidates(tree, state.config.contentMin, state.width);
  const here = state.path[state.path.length - 1];
  const others = all.filter((id) => id !== here);
  const pool = others.length > 0 ? others : all;
  if (pool.length === 0) return null;
  const rng = Rng.fromState(state.rng);
  const start = rng.pick(pool);
  return {
    ...startAt({ ...state, rng: rng.state() }, tree, start),
    jumps: [...state.jumps, { round: state.round, reason, nodeId: start, ...(detail ? { detail } : {}) }],
  };
}

/**
 * Puts the loop on a given node, width and histories kept (a jump, or a preview of the question
 * at a chosen node). Every level of the new path snapshots the current histories, so a backtrack
 * from here restores the histories as they were at this start.
 */
export function startAt(state: LoopState, tree: TreeView, nodeId: string): LoopState {
  const path = pathTo(tree, nodeId);
  const snap = snapshotOf(state);
  return { ...state, path, snapshots: path.map(() => ({ ...snap })) };
}

/**
 * The initial random start (Algorithm 1 line 3). A tree without any node with content below the
 * root cannot be played: the state comes back finished with stop reason "no_start".
 */
export function chooseStart(state: LoopState, tree: TreeView): LoopState {
  return jumpToNewStart(state, tree, "start") ?? { ...state, stopReason: "no_start" };
}

/** Rounds of the budget used so far: judged rounds and failed ones (generation or judge errors). */
export const roundsUsed = (state: Pick<LoopState, "round" | "failed">): number => state.round + state.failed;

/** One round of the budget spent on a failure; the loop stops ("max_rounds") when none is left. */
function spendFailedRound(state: LoopState): LoopState {
  const next = { ...state, failed: state.failed + 1 };
  return roundsUsed(next) >= state.config.maxRounds ? { ...next, stopReason: "max_rounds" } : next;
}

/**
 * Generation failed for this context: the round is spent (as in the reference) and the loop jumps
 * to a new random start to try again; when that was the last round of the budget, the state comes
 * back finished ("max_rounds") without a jump. Null when no usable node is left.
 */
export function onGenerationError(state: LoopState, tree: TreeView, message: string): LoopState | null {
  const spent = spendFailedRound(state);
  return isFinished(spent) ? spent : jumpToNewStart(spent, tree, "generation_error", message);
}

/**
 * The judge gave no verdict: the round is spent (the reference skips scoring and moves on to its
 * next round), scores, histories and position stay; finished when the budget is used up.
 */
export function onJudgeError(state: LoopState): LoopState {
  if (isFinished(state)) throw new Error("the match is finished");
  return spendFailedRound(state);
}

export type BeforeRound =
  /** Width-expand `parentId` by `needed` pages, then call beforeRound again with widthExpansionAttempted. */
  | { kind: "expand_width"; parentId: string; nodeId: string; needed: number }
  /** No pool node has content: width-expand `parentId` (if any), then jumpToNewStart(…, "empty_pool"). */
  | { kind: "empty_pool"; parentId: string | null; needed: number }
  /** Generate the task from `context`; continue with `state` (its rng has advanced). */
  | { kind: "ask"; context: TaskContext; state: LoopState };

/**
 * Steps 1–2 of a round. Width trigger (Algorithm 1 line 7): the parent's children, the current
 * node included, are fewer than W; `needed` is how many it lacks. The root alone has no parent
 * and never triggers. The pool may still hold fewer than W nodes (children without text).
 */
export function beforeRound(state: LoopState, tree: TreeView, opts: { widthExpansionAttempted?: boolean } = {}): BeforeRound {
  if (isFinished(state)) throw new Error("the match is finished");
  const cur = mustNode(tree, currentId(state));
  if (cur.parentId !== null && !opts.widthExpansionAttempted) {
    const children = mustNode(tree, cur.parentId).childIds.length;
    if (children < state.width) return { kind: "expand_width", parentId: cur.parentId, nodeId: cur.id, needed: state.width - children };
  }
  const rng = Rng.fromState(state.rng);
  const built = buildTaskContext({
    tree,
    path: state.path,
    width: state.width,
    previousQuestions: state.questions,
    rng,
    contentMin: state.config.contentMin,
  });
  if (built.kind === "empty_pool") return { kind: "empty_pool", parentId: cur.parentId, needed: state.width };
  return { kind: "ask", context: built.context, state: { ...state, rng: rng.state() } };
}

export interface JudgedRound {
  question: string;
  answerA: string;
  answerB: string;
  verdict: Pick<Verdict, "verdict">;
}

/** Steps 4–6: histories and questions grow, scores update, round counts, stop check. */
export function applyJudgement(state: LoopState, judged: JudgedRound): { state: LoopState; stop: StopReason | null } {
  if (isFinished(state)) throw new Error("the match is finished");
  const pts = verdictPoints(judged.verdict);
  const scoreA = state.scoreA + pts.a;
  const scoreB = state.scoreB + pts.b;
  const round = state.round + 1;
  const { minRounds, threshold, maxRounds } = state.config;
  const stop: StopReason | null =
    round >= minRounds && Math.abs(scoreA - scoreB) >= threshold ? "mercy_rule" : round + state.failed >= maxRounds ? "max_rounds" : null;
  return {
    stop,
    state: {
      ...state,
      scoreA,
      scoreB,
      round,
      questions: [...state.questions, judged.question],
      historyA: [...state.historyA, { question: judged.question, answer: judged.answerA }],
      historyB: [...state.historyB, { question: judged.question, answer: judged.answerB }],
      stopReason: stop,
    },
  };
}

export interface TransitionRecord {
  action: TransitionAction;
  widthBefore: number;
  widthAfter: number;
  fromNodeId: string;
  toNodeId: string;
  descended: boolean;
  /** A descend was wanted but no child with content exists, even after a depth expansion. */
  stuck: boolean;
  /** probe_depth could not descend and widened instead. */
  widthFallback: boolean;
}

export type PlanTransition =
  /** Depth-expand `nodeId` (up to maxChildren), then call planTransition again with depthExpansionAttempted. */
  { kind: "expand_depth"; nodeId: string; maxChildren: number } | { kind: "done"; state: LoopState; transition: TransitionRecord };

/** Table 2: which action a verdict triggers. */
export function transitionAction(verdict: Pick<Verdict, "verdict" | "tie_quality" | "loser_failure_type">): TransitionAction {
  if (isTie(verdict)) return verdict.tie_quality === "LOW" ? "backtrack" : "pressure_test";
  switch (verdict.loser_failure_type) {
    case "DEEP":
      return "probe_depth";
    case "WIDE":
      return "probe_width";
    default:
      return "probe_both";
  }
}

function descendCandidates(tree: TreeView, nodeId: string, contentMin = DEFAULT_CONTENT_MIN): string[] {
  return mustNode(tree, nodeId).childIds.filter((id) => hasContent(tree.node(id), contentMin));
}

/** Step 7: the transition after an unfinished round. */
export function planTransition(
  state: LoopState,
  tree: TreeView,
  verdict: Pick<Verdict, "verdict" | "tie_quality" | "loser_failure_type">,
  opts: { depthExpansionAttempted?: boolean } = {},
): PlanTransition {
  if (isFinished(state)) throw new Error("the match is finished");
  const action = transitionAction(verdict);
  const from = currentId(state);
  const base = { action, widthBefore: state.width, fromNodeId: from, descended: false, stuck: false, widthFallback: false };
  if (action === "backtrack") return { kind: "done", ...backtrack(state, base) };
  if (action === "probe_width") {
    const next = { ...state, width: state.width + 1 };
    return { kind: "done", state: next, transition: { ...base, widthAfter: next.width, toNodeId: from } };
  }
  const candidates = descendCandidates(tree, from, state.config.contentMin);
  if (candidates.length === 0 && !opts.depthExpansionAttempted) {
    return { kind: "expand_depth", nodeId: from, maxChildren: state.config.depthExpansionChildren };
  }
  const widened = state.width + 1; // pressure_test, probe_both, and probe_depth's fallback
  if (candidates.length === 0) {
    const next: LoopState =
      action === "probe_depth"
        ? { ...state, width: widened }
        : { ...state, width: widened, stuckDescends: [...state.stuckDescends, { round: state.round, nodeId: from }] };
    const t = { ...base, widthAfter: next.width, toNodeId: from, stuck: action !== "probe_depth", widthFallback: action === "probe_depth" };
    return { kind: "done", state: next, transition: t };
  }
  const rng = Rng.fromState(state.rng);
  const child = rng.pick(candidates);
  const next: LoopState = {
    ...state,
    rng: rng.state(),
    path: [...state.path, child],
    snapshots: [...state.snapshots, snapshotOf(state)],
    width: action === "probe_depth" ? state.width : widened,
  };
  return { kind: "done", state: next, transition: { ...base, widthAfter: next.width, toNodeId: child, descended: true } };
}

/**
 * Tie LOW (Algorithm 1 lines 21–22): move to the parent, W ← max(startWidth, W−1), and restore
 * both histories to the snapshot taken when the abandoned node was entered. From a first-level
 * node the parent is the root, which then is the question's node; the histories go back to the
 * snapshot of the start. Only when the path is already the root alone does W ← startWidth apply
 * (the reference's `_backtrack` failing).
 */
function backtrack(
  state: LoopState,
  base: Omit<TransitionRecord, "widthAfter" | "toNodeId">,
): { state: LoopState; transition: TransitionRecord } {
  if (state.path.length <= 1) {
    const next = { ...state, width: state.config.startWidth };
    return { state: next, transition: { ...base, widthAfter: next.width, toNodeId: base.fromNodeId } };
  }
  const snap = state.snapshots[state.snapshots.length - 1]!;
  const next: LoopState = {
    ...state,
    path: state.path.slice(0, -1),
    snapshots: state.snapshots.slice(0, -1),
    width: Math.max(state.config.startWidth, state.width - 1),
    historyA: state.historyA.slice(0, snap.a),
    historyB: state.historyB.slice(0, snap.b),
  };
  return { state: next, transition: { ...base, widthAfter: next.width, toNodeId: next.path[next.path.length - 1]! } };
}

/** Match result: the higher final score wins; equal scores are a tie. */
export function matchWinner(state: Pick<LoopState, "scoreA" | "scoreB">): "A" | "B" | "tie" {
  return state.scoreA > state.scoreB ? "A" : state.scoreB > state.scoreA ? "B" : "tie";
}
