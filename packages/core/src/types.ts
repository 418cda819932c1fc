import type { AgentErrorClass, ExaminerModeName, FailureType, TieQuality, VerdictToken } from "./closed-sets";
import type { WordLimit } from "./text/word-limit";
import type { ResearchTrace } from "./trace";

/**
 * Shared domain shapes. Everything that crosses a package boundary in the pipeline
 * (trees → examiner → agents → judge → loop → match → tournament → ratings) is typed here,
 * so each package depends on these shapes and not on another package's internals.
 */

// ------------------------------------------------------------------ trees

/** One page of an information tree, as the method sees it (docs/method.md §2). */
export interface TreeNodeView {
  id: string;
  parentId: string | null;
  url: string;
  domain: string;
  title: string | null;
  description: string | null;
  content: string | null;
  /** Depth in the tree; the root is 0. */
  depth: number;
  /** Child ids in sibling order. */
  childIds: string[];
}

/** The parent's link context for a node: why the parent links here. */
export interface LinkContextView {
  url: string;
  anchorText: string;
  surroundingText: string;
  relationship: string;
}

/** Read-only view of a tree; the loop and the examiner never mutate a tree. */
export interface TreeView {
  readonly rootId: string;
  node(id: string): TreeNodeView | undefined;
  /** The link context on `parentId` whose url is the child's url, if any. */
  linkContext(parentId: string, childUrl: string): LinkContextView | undefined;
  /** What the tree's maker knows about a page's entity (the synthetic world does), if anything. */
  known?(url: string): KnownEntity | undefined;
  /**
   * Whether the examiner playing on this view can make a page a question's target (the heuristic
   * cannot: navigation and listing pages, pages without a fact it can read). When present, starts
   * and aggregation pools keep to such pages, and a start prefers a node whose pool reaches the
   * width W; a navigation page still serves as a hub (the parent of a pool). Absent: every page
   * with text can be a target (the reference's rule).
   */
  targetable?(node: TreeNodeView): boolean;
}

/**
 * A page's entity as a generated world knows it: its name, how to point at it without naming it,
 * and facts asked in plain words with the value the page states ("when it was first lit" →
 * "3 March 1870"). Lets an examiner write questions from facts rather than from page sentences.
 */
export interface KnownEntity {
  name: string;
  aliases: string[];
  /** A description that identifies it without naming it ("the lighthouse in Dymford designed by Grabria Boubrast"). */
  describe: string;
  asks: Array<{ ask: string; value: string }>;
}

// ------------------------------------------------------------------ examiner task (docs/method.md §3)

/** Node text handed to the examiner. */
export interface ContextNode {
  nodeId: string;
  url: string;
  title: string;
  relationship: string;
  surroundingText: string;
  description: string;
  /** Content (cut to CONTEXT_LIMITS.content; each examiner reads its own share). */
  content: string;
  /** The entity as the tree's maker knows it (synthetic worlds), when known. */
  known?: KnownEntity;
}

export interface TaskContext {
  rootTopic: string;
  /** Up to two ancestors of the current node (path[-3:-1]), root-first. */
  reasoningChain: ContextNode[];
  /** The current node plus W−1 siblings with content and unique titles; current node first. */
  aggregationPool: ContextNode[];
  previousQuestions: string[];
  /** D = number of nodes on the path, root included. */
  depth: number;
  width: number;
  wordLimit: WordLimit;
}

export interface ChecklistItem {
  /** Entity name (depth) or requested attribute/fact (width). */
  item: string;
  /** How the entity is identified / what the expected answer is. */
  detail: string;
  /** URL of the node this item traces to. */
  sourceUrl: string;
  /** Accepted alternative names (heuristic judge uses them; may be empty). */
  aliases?: string[];
}

export interface GeneratedTask {
  question: string;
  wordLimitInstruction: string;
  checklistDepth: ChecklistItem[];
  checklistWidth: ChecklistItem[];
  rationale: string;
  sourceUrls: string[];
  mode: ExaminerModeName;
}

// ------------------------------------------------------------------ judgement (docs/method.md §4)

export interface Verdict {
  verdict: VerdictToken;
  tie_quality: TieQuality;
  loser_failure_type: FailureType;
  reasoning: string;
}

// ------------------------------------------------------------------ agents (docs/method.md §11)

export interface ConversationTurn {
  question: string;
  answer: string;
}

export interface AgentRequest {
  question: string;
  wordLimitInstruction: string;
  /** Previous Q/A of this match for this agent (after any backtrack restore). */
  history: ConversationTurn[];
}

export interface AgentAnswer {
  /** Markdown; empty string when the call failed. */
  text: string;
  latencyMs: number;
  tokens: number | null;
  costUsd: number | null;
  citations: { count: number; urls: string[] };
  error: { class: AgentErrorClass; detail: string } | null;
  /** The research steps the agent reported (bounded; never shown to the judge); absent or null when none. */
  trace?: ResearchTrace | null;
}

// ------------------------------------------------------------------ pages (crawler, sandbox, expansion)

/** A fetched and extracted web page: what the crawler, expansion and citation checks work on. */
export interface FetchedPage {
  /** The URL as requested (the tree keeps original URLs, also for sandbox-served pages). */
  url: string;
  domain: string;
  title: string | null;
  description: string | null;
  /** Readable text, whitespace-normalised. */
  content: string;
  /** Meaningful outbound links (navigation/login/legal/media dropped), in page order. */
  links: LinkContextView[];
}

/** Fetches and extracts one page; live web, sandbox and tests each provide one. */
export type PageFetcher = (url: string, signal?: AbortSignal) => Promise<FetchedPage>;
