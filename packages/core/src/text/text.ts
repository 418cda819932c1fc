/**
 * Text helpers shared by the examiner (heuristic generation and judging) and the agents
 * (built-in answers, citation parsing). Pure string functions.
 */

/** Created once: building a segmenter loads locale data. */
const SENTENCE_SEGMENTER = new Intl.Segmenter("en", { granularity: "sentence" });

/**
 * Sentences via Intl.Segmenter, each with its whitespace collapsed. Segmented before collapsing,
 * so a line break ends a sentence (a choice: page text puts headings, menu items and list entries
 * on lines of their own, and those are not parts of the following sentence).
 */
export function sentences(text: string): string[] {
  return [...SENTENCE_SEGMENTER.segment(text)].map((s) => s.segment.replace(/\s+/g, " ").trim()).filter((s) => s.length > 0);
}

/** Cuts a text to at most `maxWords` words (whitespace collapsed), ending with "…" when cut. */
export function truncateWords(text: string, maxWords: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length <= maxWords ? words.join(" ") : `${words.slice(0, maxWords).join(" ")}…`;
}

/** Titles accepted for an answer's References section, case-insensitive. */
const REFERENCE_TITLES = /^(?:references?|sources?|citations?|bibliography|works cited|reference list|cited sources)$/i;
/**
 * Answers are untrusted and large: every pattern here matches in time linear in the line, with no
 * ambiguous repetition a long run of spaces could make backtrack.
 */
const HEADING_START = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const FENCE = /^ {0,3}(```|~~~)/;
/** A reference entry line: `[n] …`, `[n]: …`, `n. …`, `n) …`, optionally as a list item, with a URL. */
const LABELLED_URL_LINE = /^\s*(?:[-*+]\s+)?(?:\[\d{1,3}\]:?|\d{1,3}[.)])\s.*\bhttps?:\/\/\S/i;

export interface SplitReferences {
  /** The answer without its References section (title and entries). */
  body: string;
  /** The section's entry lines without the title line; "" when the answer has none. */
  references: string;
}

/**
 * Separates an answer's References section from its body. The one definition used by the judge
 * (which looks for entities and facts in the body only) and by citation counting:
 * - the section starts at the LAST title line: a Markdown heading (`## Works cited`) or a label
 *   line (`**Sources**`, `References:`) whose text is one of REFERENCE_TITLES;
 * - a heading's section ends at the next heading of the same or a higher level, a label's at the
 *   next heading of any level; what follows is body again (an early `## Sources` then more text);
 * - without a titled section, a final block (after the last blank line) in which every line is a
 *   labelled entry with a URL (`[1] https://…`, `2. https://…`) is the section.
 * Lines inside fenced code blocks are never titles.
 */
export function splitReferences(markdown: string): SplitReferences {
  const lines = markdown.split("\n");
  const start = lastTitleLine(lines);
  if (start) {
    const end = lines.findIndex((l, i) => i > start.index && start.endsAt(l));
    const stop = end === -1 ? lines.length : end;
    return {
      body: [...lines.slice(0, start.index), ...lines.slice(stop)].join("\n").trimEnd(),
      references: lines
        .slice(start.index + 1, stop)
        .join("\n")
        .trim(),
    };
  }
  const trimmed = markdown.trimEnd();
  const blockStart = [...trimmed.matchAll(/\n\s*\n/g)].at(-1)?.index ?? -1;
  const block = blockStart === -1 ? trimmed : trimmed.slice(blockStart);
  const entries = block.split("\n").filter((l) => l.trim());
  if (entries.length > 0 && entries.every((l) => LABELLED_URL_LINE.test(l))) {
    return { body: blockStart === -1 ? "" : trimmed.slice(0, blockStart).trimEnd(), references: block.trim() };
  }
  return { body: markdown, references: "" };
}

function lastTitleLine(lines: string[]): { index: number; endsAt: (line: string) => boolean } | null {
  let found: { index: number; endsAt: (line: string) => boolean } | null = null;
  let inFence = false;
  for (const [index, line] of lines.entries()) {
    if (FENCE.test(line)) inFence = !inFence;
    if (inFence) continue;
    const h = heading(line);
    if (h) {
      if (isTitle(h.text)) found = { index, endsAt: (l) => (heading(l)?.level ?? Infinity) <= h.level };
    } else if (isTitle(line)) {
      found = { index, endsAt: (l) => heading(l) !== null };
    }
  }
  return found;
}

/** An ATX heading's level and text (without a closing run of #). */
function heading(line: string): { level: number; text: string } | null {
  const m = HEADING_START.exec(line);
  if (!m) return null;
  return {
    level: m[1]!.length,
    text: line
      .slice(m[0].length)
      .trim()
      .replace(/(^|[ \t])#+$/, "")
      .trim(),
  };
}

/** A title after emphasis markers and a trailing colon are removed. */
function isTitle(text: string): boolean {
  const t = text.replace(/[*_]/g, "").trim();
  return REFERENCE_TITLES.test(t.endsWith(":") ? t.slice(0, -1).trimEnd() : t);
}

/** Text without NUL characters, which PostgreSQL text and jsonb cannot store: for text from strangers (agents, crawled pages). */
export function withoutNul(text: string): string {
  return text.includes("\u0000") ? text.replaceAll("\u0000", "") : text;
}

/**
 * Text any column can store: no NUL, and each lone UTF-16 surrogate replaced by U+FFFD (jsonb
 * rejects a lone `\ud800` escape, which made a whole round unstorable). For every string from
 * agents and pages.
 */
export function wellFormed(text: string): string {
  // String.prototype.toWellFormed is ES2024 (Node 20 has it); the compiled lib is ES2023.
  return (withoutNul(text) as string & { toWellFormed(): string }).toWellFormed();
}

/** Longest page title and description the arena stores (a published DR-Arena tree has up to 203 and 1,905). */
export const MAX_TITLE_CHARS = 500;
export const MAX_DESCRIPTION_CHARS = 2_000;

/** C0 controls other than tab, line feed and carriage return, DEL and C1 controls: what starts a terminal escape sequence. */
const CONTROL_CHARS = /(?![\t\n\r])\p{Cc}/gu;

/**
 * A page's title or description as stored: well-formed, without control characters (`arena tree
 * list` would print a crawled page's escape sequences raw), at most `maxChars` long, cut without
 * splitting a surrogate pair.
 */
export function pageLabel(text: string, maxChars: number): string {
  const clean = wellFormed(text).replace(CONTROL_CHARS, "");
  if (clean.length <= maxChars) return clean;
  const high = clean.charCodeAt(maxChars - 1);
  return clean.slice(0, high >= 0xd800 && high <= 0xdbff ? maxChars - 1 : maxChars);
}
