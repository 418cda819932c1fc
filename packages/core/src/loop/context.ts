import type { ContextNode, TaskContext, TreeNodeView, TreeView } from "../types";
import type { Rng } from "../rng";
import { wordLimit } from "../text/word-limit";

/** Content (or description) longer than this many characters counts as "having content" (docs/method.md §5). */
export const DEFAULT_CONTENT_MIN = 20;
/**
 * The most page content any examiner receives per node. Each examiner cuts it to its own budget:
 * the llm examiner (prompt v3 on) to ARENA_EXAMINER_CONTENT_CHARS (default 12,000; the reference
 * sends the whole content), prompts v1/v2 and the heuristic to 800, as before.
 */
export const MAX_EXAMINER_CONTENT_CHARS = 100_000;
/** What the heuristic examiner and llm prompts v1/v2 read of each page's content. */
export const SHORT_CONTENT_CHARS = 800;
/**
 * Limits on the other node texts handed to the examiner (both modes): page titles and
 * descriptions come from untrusted pages (a 62 KB meta description was seen) and go verbatim
 * into the LLM's prompt and the heuristic's clues. Real titles stay far below these.
 */
export const CONTEXT_LIMITS = Object.freeze({ title: 200, description: 500, linkContext: 500, content: MAX_EXAMINER_CONTENT_CHARS });
/** Generic relationship label of the DR-Arena crawler when a link has no specific one. */
export const GENERIC_RELATIONSHIP = "related topics";

/** "This page has content": the rule for descending and for tree expansion (the reference's `_advance_tree`). */
export function hasContent(node: { content?: string | null } | undefined, contentMin = DEFAULT_CONTENT_MIN): boolean {
  return (node?.content?.trim().length ?? 0) > contentMin;
}

/**
 * "This page can ground a question": content or description longer than `contentMin` (docs/method.md §5,
 * the reference's `_node_has_content`). The rule for start nodes and pool members: a page whose
 * text is only a meta description still describes an entity.
 */
export function hasText(
  node: { content?: string | null; description?: string | null } | undefined,
  contentMin = DEFAULT_CONTENT_MIN,
): boolean {
  return hasContent(node, contentMin) || (node?.description?.trim().length ?? 0) > contentMin;
}

/** The node with this id; a missing id is a programming error, not a data problem. */
export function mustNode(tree: TreeView, id: string): TreeNodeView {
  const node = tree.node(id);
  if (!node) throw new RangeError(`node ${id} is not in the tree`);
  return node;
}

/** Title used for uniqueness and display; untitled pages fall back to their URL. */
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max).trimEnd() : text);
const titleOf = (n: TreeNodeView) => cut(n.title?.trim() || n.url, CONTEXT_LIMITS.title);
const titleKey = (n: TreeNodeView) => titleOf(n).toLowerCase();

/** Node text handed to the examiner: parent's link context, description, content, each cut to CONTEXT_LIMITS (the examiner cuts content further). */
export function contextNode(tree: TreeView, node: TreeNodeView): ContextNode {
  const link = node.parentId === null ? undefined : tree.linkContext(node.parentId, node.url);
  const known = tree.known?.(node.url);
  return {
    nodeId: node.id,
    url: node.url,
    title: titleOf(node),
    relationship: cut(link?.relationship.trim() || (node.parentId === null ? "" : GENERIC_RELATIONSHIP), CONTEXT_LIMITS.title),
    surroundingText: cut(link?.surroundingText ?? "", CONTEXT_LIMITS.linkContext),
    description: cut(node.description ?? "", CONTEXT_LIMITS.description),
    content: (node.content ?? "").slice(0, CONTEXT_LIMITS.content),
    ...(known ? { known } : {}),
  };
}

/** Whether a page may be a target on this view (see TreeView.targetable; without it, every page may). */
export const canTarget = (tree: TreeView, node: TreeNodeView): boolean => tree.targetable?.(node) ?? true;

/**
 * The tree with an examiner's rule for which pages can be targets (TreeView.targetable), judged on
 * the page as the examiner receives it; without a rule, the tree as it is. Reads go through to
 * `tree`, so expansions of a stored tree show at once.
 */
export function targetView(tree: TreeView, canTargetPage: ((node: ContextNode) => boolean) | undefined): TreeView {
  if (!canTargetPage) return tree;
  return {
    rootId: tree.rootId,
    node: (id) => tree.node(id),
    linkContext: (parentId, childUrl) => tree.linkContext(parentId, childUrl),
    ...(tree.known ? { known: (url: string) => tree.known?.(url) } : {}),
    targetable: (node) => canTargetPage(contextNode(tree, node)),
  };
}

/**
 * The nodes that may enter the aggregation pool of `nodeId`: itself (if it has text) first,
 * then its siblings with text (content or description, see hasText) whose titles differ from
 * every node already taken, in sibling order; on a view with `targetable`, only pages it allows.
 * A text-less current node is left out (a choice:
 * the examiner could not ground a question in it). The root has no siblings: its pool is itself.
 */
export function poolCandidates(tree: TreeView, nodeId: string, contentMin = DEFAULT_CONTENT_MIN): TreeNodeView[] {
  const node = mustNode(tree, nodeId);
  const siblings = node.parentId === null ? [] : mustNode(tree, node.parentId).childIds.filter((id) => id !== nodeId);
  const seen = new Set<string>();
  const out: TreeNodeView[] = [];
  for (const id of [nodeId, ...siblings]) {
    const n = tree.node(id);
    if (!n || !hasText(n, contentMin) || seen.has(titleKey(n)) || !canTarget(tree, n)) continue;
    seen.add(titleKey(n));
    out.push(n);
  }
  return out;
}

export interface ContextInput {
  tree: TreeView;
  /** Node ids root → current. */
  path: readonly string[];
  width: number;
  previousQuestions: readonly string[];
  rng: Rng;
  contentMin?: number;
}

export type ContextResult = { kind: "context"; context: TaskContext } | { kind: "empty_pool" };

/**
 * Builds the examiner's input (docs/method.md §3). Reasoning chain = path[-3:-1] (with a path of length 2,
 * just the root; with the root alone, empty: the root is then the question's node); pool =
 * current node + up to W−1 siblings drawn at random (seeded) from the candidates, current node
 * first; D = path length. `empty_pool` when no candidate has text.
 */
export function buildTaskContext(input: ContextInput): ContextResult {
  const { tree, path, width, rng } = input;
  if (path.length < 1) throw new RangeError("the path must hold at least the root");
  const current = mustNode(tree, path[path.length - 1]!);
  const candidates = poolCandidates(tree, current.id, input.contentMin);
  if (candidates.length === 0) return { kind: "empty_pool" };
  const [first, ...others] = candidates;
  const lead = first!.id === current.id ? [first!] : [];
  const rest = lead.length ? others : candidates;
  const drawn = rng.shuffle(rest).slice(0, width - lead.length);
  const pool = [...lead, ...drawn];
  const root = mustNode(tree, path[0]!);
  const depth = path.length;
  return {
    kind: "context",
    context: {
      rootTopic: titleOf(root),
      reasoningChain: path.slice(-3, -1).map((id) => contextNode(tree, mustNode(tree, id))),
      aggregationPool: pool.map((n) => contextNode(tree, n)),
      previousQuestions: [...input.previousQuestions],
      depth,
      width,
      wordLimit: wordLimit(width, depth),
    },
  };
}
