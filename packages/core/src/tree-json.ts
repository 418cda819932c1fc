import { z } from "zod";
import type { KnownEntity, LinkContextView, TreeNodeView, TreeView } from "./types";

/**
 * The DR-Arena information-tree JSON format (docs/method.md §2): snake_case fields nested through
 * `children`. Field order here is the order written on export, matching the published files.
 */
const drArenaLinkContextSchema = z
  .object({
    url: z.string(),
    anchor_text: z.string(),
    surrounding_text: z.string(),
    relationship: z.string(),
  })
  .strict();

export interface DrArenaNode {
  url: string;
  domain: string;
  title: string | null;
  description: string | null;
  content: string | null;
  crawled: boolean;
  depth: number;
  error: string | null;
  relationship_cluster: string | null;
  link_contexts: DrArenaLinkContext[];
  children: DrArenaNode[];
}
export type DrArenaLinkContext = z.infer<typeof drArenaLinkContextSchema>;

const drArenaNodeSchema: z.ZodType<DrArenaNode> = z.lazy(() =>
  z
    .object({
      url: z.string().min(1),
      domain: z.string(),
      title: z.string().nullable(),
      description: z.string().nullable(),
      content: z.string().nullable(),
      crawled: z.boolean(),
      depth: z.number().int().nonnegative(),
      error: z.string().nullable(),
      relationship_cluster: z.string().nullable(),
      link_contexts: z.array(drArenaLinkContextSchema),
      children: z.array(drArenaNodeSchema),
    })
    .strict(),
);

/**
 * Thrown with the JSON path of the first problem, e.g. `children[3].link_contexts[0].url`, and
 * a message in words: which node, which field, what is wrong with it.
 */
export class TreeFormatError extends Error {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** What each field of the format holds, for messages about it. */
const FIELD_WORDS: Record<string, string> = {
  url: "the address of its page",
  domain: "the page's host name",
  title: "the page title, or null",
  description: "a short description, or null",
  content: "the page text, or null",
  crawled: "whether the page was fetched, true or false",
  depth: "its level below the root, a whole number",
  error: "the fetch error, or null",
  relationship_cluster: "how it relates to its parent, or null",
  link_contexts: "the links of the page, a list",
  children: "the nodes below it, a list",
  anchor_text: "the text of the link",
  surrounding_text: "the text around the link",
  relationship: "how the linked page relates to this one",
};

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  null: "null",
};

/** "the root node", "the node at children[3]", or "link 1 of the node at children[3]". */
function whereInWords(path: ReadonlyArray<PropertyKey>): string {
  const at = path.indexOf("link_contexts");
  const node = formatPath(at >= 0 ? path.slice(0, at) : path);
  const nodeWords = node ? `the node at ${node}` : "the root node";
  if (at >= 0 && typeof path[at + 1] === "number")
    return `link ${Number(path[at + 1]) + 1} (link_contexts[${String(path[at + 1])}]) of ${nodeWords}`;
  return nodeWords;
}

const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/** One schema issue as a sentence a person fixing the file can act on. */
function issueInWords(issue: z.core.$ZodIssue, data: unknown): string {
  const field = issue.path.length > 0 ? String(issue.path[issue.path.length - 1]) : "";
  const named = typeof issue.path[issue.path.length - 1] === "string";
  const where = whereInWords(named ? issue.path.slice(0, -1) : issue.path);
  const meaning = FIELD_WORDS[field] ? ` (${FIELD_WORDS[field]})` : "";
  switch (issue.code) {
    case "invalid_type": {
      const value = issue.path.reduce<unknown>(
        (v, k) => (v && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined),
        data,
      );
      const expected = TYPE_WORDS[issue.expected] ?? issue.expected;
      if (value === undefined && named) return `${where} has no "${field}" field${meaning}; every node needs one, as ${expected}.`;
      if (named) return `In ${where}, "${field}"${meaning} should be ${expected} but is ${TYPE_WORDS[typeOf(value)] ?? typeOf(value)}.`;
      return `${where} should be ${expected} but is ${TYPE_WORDS[typeOf(value)] ?? typeOf(value)}.`;
    }
    case "unrecognized_keys":
      return `${where} has a field the tree format does not know: ${issue.keys.map((k) => `"${k}"`).join(", ")}. Remove it, or check its spelling.`;
    case "too_small":
      return named ? `In ${where}, "${field}"${meaning} is empty or too small: ${issue.message}.` : `${where}: ${issue.message}.`;
    default:
      return named ? `In ${where}, "${field}"${meaning} is not valid: ${issue.message}.` : `${where} is not valid: ${issue.message}.`;
  }
}

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i ? "." : ""}${String(p)}`)).join("");
}

/**
 * Deepest tree accepted: levels of `children` below the root. The published trees reach depth
 * 8 and the crawler far less than this; the schema validates recursively, so a deeper file
 * would exhaust the stack ("Maximum call stack size exceeded" at about 5,000 levels).
 */
export const MAX_TREE_DEPTH = 64;

/**
 * Refuses a tree nested deeper than MAX_TREE_DEPTH, walking `children` with an explicit stack
 * (never recursion) so any nesting is measured safely before the recursive schema runs.
 */
function assertTreeDepth(data: unknown): void {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: data, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (!value || typeof value !== "object" || !("children" in value)) continue;
    const children = (value as { children: unknown }).children;
    if (!Array.isArray(children) || children.length === 0) continue;
    if (depth + 1 > MAX_TREE_DEPTH) {
      throw new TreeFormatError("", `nested deeper than ${MAX_TREE_DEPTH} levels of children (the limit for tree files)`);
    }
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
}

/** Validates a parsed DR-Arena tree; throws TreeFormatError naming the JSON path. */
export function parseDrArenaTree(data: unknown): DrArenaNode {
  assertTreeDepth(data);
  const result = drArenaNodeSchema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const sentence = issueInWords(issue, data);
  throw new TreeFormatError(formatPath(issue.path), sentence.charAt(0).toUpperCase() + sentence.slice(1));
}

/**
 * A node's link contexts keyed by target URL. A page may link the same URL twice; the first
 * context (in page order) is the one the examiner sees, in every TreeView implementation.
 */
export function contextsByUrl(list: readonly LinkContextView[]): Map<string, LinkContextView> {
  const byUrl = new Map<string, LinkContextView>();
  for (const lc of list) if (!byUrl.has(lc.url)) byUrl.set(lc.url, lc);
  return byUrl;
}

/**
 * An in-memory TreeView over a DR-Arena tree, for replays and pure tests (no database).
 * Node ids are positional paths ("0", "0.2", "0.2.1") because URLs repeat within a tree.
 * `known`: what the tree's maker knows of its pages' entities, by URL (a synthetic world's).
 */
export function memoryTreeView(root: DrArenaNode, known?: ReadonlyMap<string, KnownEntity>): TreeView {
  const nodes = new Map<string, TreeNodeView>();
  const contexts = new Map<string, Map<string, LinkContextView>>();
  const visit = (n: DrArenaNode, id: string, parentId: string | null) => {
    const childIds = n.children.map((_, i) => `${id}.${i}`);
    nodes.set(id, {
      id,
      parentId,
      url: n.url,
      domain: n.domain,
      title: n.title,
      description: n.description,
      content: n.content,
      depth: n.depth,
      childIds,
    });
    contexts.set(
      id,
      contextsByUrl(
        n.link_contexts.map((lc) => ({
          url: lc.url,
          anchorText: lc.anchor_text,
          surroundingText: lc.surrounding_text,
          relationship: lc.relationship,
        })),
      ),
    );
    n.children.forEach((c, i) => {
      visit(c, childIds[i]!, id);
    });
  };
  visit(root, "0", null);
  return {
    rootId: "0",
    node: (id) => nodes.get(id),
    linkContext: (parentId, childUrl) => contexts.get(parentId)?.get(childUrl),
    ...(known ? { known: (url: string) => known.get(url) } : {}),
  };
}
