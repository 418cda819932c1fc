import { parseCitations, type ReferenceEntry } from "@arena/core/citations";
import { isWorldUrl } from "@arena/core/url";

/**
 * Rules for rendering agent answers, which are Markdown written by strangers. Pure functions so
 * the component stays small and the rules can be tested on their own.
 */

/** Answers longer than this (characters) are shown as plain text: the parser's cost grows with size. */
export const MAX_MARKDOWN_CHARS = 100_000;
/**
 * Answers whose blockquote/list nesting on any line exceeds this are shown as plain text: the
 * parser and React recurse once per level, and no real answer nests this deep.
 */
export const MAX_MARKDOWN_NESTING = 20;

const ALLOWED_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/**
 * The URL itself when it is absolute with an allowed protocol (http, https, mailto), or an
 * in-page fragment (GFM footnotes link to those); "" otherwise, which renders as no link at all.
 * Parsing with URL first means `java\tscript:` and `JAVASCRIPT:` are seen for what they are.
 */
export function safeUrl(url: string): string {
  if (/^#[\w-]*$/.test(url)) return url;
  try {
    return ALLOWED_PROTOCOLS.has(new URL(url).protocol) ? url : "";
  } catch {
    return "";
  }
}

/**
 * The deepest blockquote/list nesting of any line, in one pass over the text: `>` markers, list
 * markers (`-`, `*`, `+`, `1.`, `1)`) and the indentation before a list marker (two spaces a level).
 */
export function nestingDepth(text: string): number {
  let max = 0;
  let depth = 0;
  let indent = 0;
  let leading = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\n") {
      depth = 0;
      indent = 0;
      leading = true;
      continue;
    }
    if (!leading) continue;
    if (c === " " || c === "\t") {
      indent += c === "\t" ? 4 : 1;
    } else if (c === ">") {
      depth++;
      indent = 0;
    } else if ((c === "-" || c === "*" || c === "+") && isSpace(text[i + 1])) {
      depth += 1 + (indent >> 1);
      indent = 0;
    } else if (c >= "0" && c <= "9") {
      let j = i;
      while (j < text.length && j - i < 9 && text[j]! >= "0" && text[j]! <= "9") j++;
      if ((text[j] === "." || text[j] === ")") && isSpace(text[j + 1])) {
        depth += 1 + (indent >> 1);
        indent = 0;
        i = j;
      } else {
        leading = false;
      }
    } else {
      leading = false;
    }
    if (depth > max) max = depth;
  }
  return max;
}

const isSpace = (c: string | undefined) => c === undefined || c === " " || c === "\t" || c === "\n";

/** Why an answer is shown as plain text, or null when it may be rendered as Markdown. */
export function plainTextReason(text: string): string | null {
  if (text.length > MAX_MARKDOWN_CHARS) return `longer than ${MAX_MARKDOWN_CHARS / 1000} KB`;
  if (nestingDepth(text) > MAX_MARKDOWN_NESTING) return `nested deeper than ${MAX_MARKDOWN_NESTING} levels`;
  return null;
}

/**
 * Where a link of an answer or a page leads: a page of the offline world (whose host never
 * resolves) opens its stored text in the app (`/sandbox/page` finds its tree node); any other
 * URL is itself.
 */
export function pageHref(url: string): string {
  return isWorldUrl(url) ? `/sandbox/page?url=${encodeURIComponent(url)}` : url;
}

export interface AnswerParts {
  /** The answer without its References section (what the Markdown renderer shows). */
  body: string;
  /** The section's entries, shown as a list; empty when the answer has none. */
  entries: ReferenceEntry[];
  /** Citation number → URL (safe ones only, first entry wins) for the inline `[n]` links. */
  refs: Map<number, string>;
}

/** An answer split as core's one citation parser reads it (the same entries the agents and the scorers count). */
export function answerParts(markdown: string): AnswerParts {
  const { body, entries } = parseCitations(markdown);
  const refs = new Map<number, string>();
  for (const e of entries) if (e.url && safeUrl(e.url) && !refs.has(e.n)) refs.set(e.n, e.url);
  return { body: entries.length ? body : markdown, entries, refs };
}

/** The part of the Markdown syntax tree (mdast) the plugins below touch. */
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
}

/** Containers whose children are blocks: raw HTML there becomes a code block, elsewhere text. */
const FLOW_PARENTS = new Set(["root", "blockquote", "listItem", "footnoteDefinition"]);
/** Inline citations are not looked for inside these. */
const NO_CITATIONS = new Set(["link", "linkReference", "inlineCode", "code", "definition"]);
const CITATION = /\[(\d{1,3})\]/g;

/**
 * A remark plugin: raw HTML is shown as the text it is (never parsed into elements), and inline
 * `[n]` markers become links to the nth References URL when the answer lists one.
 */
export function remarkUntrusted(refs: ReadonlyMap<number, string>) {
  const visit = (node: MdNode) => {
    if (!node.children) return;
    const next: MdNode[] = [];
    for (const child of node.children) {
      if (child.type === "html") {
        const value = child.value ?? "";
        next.push(FLOW_PARENTS.has(node.type) ? { type: "code", value } : { type: "text", value });
      } else if (child.type === "text" && refs.size > 0) {
        next.push(...linkCitations(child.value ?? "", refs));
      } else {
        if (!NO_CITATIONS.has(child.type)) visit(child);
        next.push(child);
      }
    }
    node.children = next;
  };
  return () => (tree: unknown) => visit(tree as MdNode);
}

function linkCitations(text: string, refs: ReadonlyMap<number, string>): MdNode[] {
  const out: MdNode[] = [];
  let last = 0;
  for (const m of text.matchAll(CITATION)) {
    const url = refs.get(Number(m[1]));
    if (!url) continue;
    if (m.index > last) out.push({ type: "text", value: text.slice(last, m.index) });
    out.push({ type: "link", url, children: [{ type: "text", value: m[0] }] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ type: "text", value: text.slice(last) });
  return out;
}
