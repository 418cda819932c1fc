import { splitReferences } from "./text";

/**
 * The arena's one reader of citations in an agent's Markdown answer: inline markers in the body,
 * the entries of its References section (the section core's `splitReferences` finds, the judge's
 * rule), and the (statement, URL) pairs that join them. It serves the agents' citation counts,
 * report scoring (FACT pairs, cited URLs, RACE's stripped text) and the match page's links and
 * reference list.
 *
 * Answers are untrusted: a full Markdown parser costs time quadratic in some inputs (`_a`
 * repeated) and recursion depth linear in others (`>` repeated). This reads only what citations
 * need, line by line and character by character, with patterns whose repetitions are bounded or
 * separated by distinct characters: time linear in the answer, no recursion.
 *
 * What it reads (one test per style in packages/core/test/citations.test.ts):
 * - inline groups `[1]`, `[1][2]`, `[1, 2]`, `[1; 2]`, `[1-3]`, `[1–3]`, before or after the
 *   sentence's punctuation (`… height [1].` and `… height. [1]` both cite the sentence); numbers
 *   have at most 3 digits, so `[2020]` is a year, and footnotes (`[^1]`) are not citations;
 * - reference entries `[1] url`, `1. url`, `1) url`, `- [1] url`, `[1]: url`, `[title](url)`,
 *   `<url>` and a bare URL per line, numbered by their label, else by list numbering, else by
 *   position; list items keep their continuation lines;
 * - without a References section, numeric link reference definitions (`[1]: url`) anywhere.
 * Fenced code, code spans and link reference definitions never hold inline citations.
 */

/** One entry of an answer's References section. */
export interface ReferenceEntry {
  /** The citation number the entry answers to: its explicit label, else its list number, else its position. */
  n: number;
  /** First http(s) URL in the entry, if any. */
  url: string | null;
  /** The entry's words besides label and URL (a link's text, a title), if any. */
  title: string | null;
  /** The entry as written (list marker removed). */
  text: string;
}

/** A statement of the body and the URL its inline marker cites (FACT's unit). */
export interface CitationPair {
  statement: string;
  url: string;
  /** The inline number that linked them. */
  n: number;
}

export interface ParsedCitations {
  /** The answer without its References section. */
  body: string;
  /** Number of entries in the References section (docs/method.md §4: what the judge is shown). */
  count: number;
  /** Distinct http(s) URLs of the entries, in order. */
  urls: string[];
  entries: ReferenceEntry[];
  /** Distinct citation numbers used inline in the body, in order of first use. */
  inline: number[];
  /** Inline numbers that no References entry answers to. */
  unresolved: number[];
  /** Deduplicated (statement, URL) pairs, in order of first appearance. */
  pairs: CitationPair[];
  /** The body without its inline markers (RACE reads this). */
  stripped: string;
}

/** A range wider than this is a typo or not a citation; it is ignored rather than expanded. */
const MAX_RANGE = 50;
/**
 * An inline citation group. Spaces inside are bounded ({0,3}) so a failed match costs constant
 * time wherever it starts; the separators between numbers are distinct characters.
 */
const GROUP_SOURCE = String.raw`\[[ \t]{0,3}(\d{1,3}(?:[ \t]{0,3}[-–—][ \t]{0,3}\d{1,3})?(?:[ \t]{0,3}[,;][ \t]{0,3}\d{1,3}(?:[ \t]{0,3}[-–—][ \t]{0,3}\d{1,3})?)*)[ \t]{0,3}\]`;
const GROUP = new RegExp(GROUP_SOURCE, "g");
const GROUP_AT = new RegExp(GROUP_SOURCE, "y");
const ENTRY_LABEL = /^\s*(?:\[(\d{1,3})\]:?|(\d{1,3})[.)])/;
const FENCE = /^ {0,3}(?:```|~~~)/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
/** A link reference definition `[label]: destination`. */
const DEFINITION = /^ {0,3}\[([^\]\n]{1,100})\]:[ \t]*\S/;
const LIST_ITEM = /^( {0,3})(?:[-*+]|(\d{1,9})[.)])(?:[ \t]+|$)/;
/** Code spans of one backtick pair; each span ends at the next backtick, so no backtracking. */
const CODE_SPAN = /`[^`\n]*`/g;
/**
 * The first http(s) link of a text: a Markdown link (its text and target; one level of
 * parentheses allowed in the target, as in Wikipedia URLs), an autolink, or a bare URL.
 * Alternatives start with distinct characters and their repetitions use disjoint classes.
 */
const FIRST_URL = /\[([^\]\n]{0,300})\]\((https?:\/\/(?:[^()\s]|\([^()\s]*\))+)\)?|<(https?:\/\/[^>\s]+)>|(https?:\/\/[^\s<>]+)/i;
/** What GFM leaves off a bare URL's end: closing punctuation that belongs to the sentence. */
const TRAILING_PUNCTUATION = /[.,:;!?'"*_~)\]]+$/;

/** Parses an answer's citations (see the module comment). */
export function parseCitations(markdown: string): ParsedCitations {
  const { body, references } = splitReferences(markdown);
  const bodyLines = proseLines(body);
  const entries = entriesOf(references, () => bodyLines);
  const byNumber = new Map<number, string>();
  for (const e of entries) if (e.url && !byNumber.has(e.n)) byNumber.set(e.n, e.url);
  const inline = new Set<number>();
  const pairs: CitationPair[] = [];
  // Statement (lower-cased once per sentence) → URLs already paired with it: a sentence citing
  // hundreds of sources is hashed once, not once per marker.
  const seen = new Map<string, Set<string>>();
  for (const sentence of bodySentences(bodyLines)) {
    const numbers = markersOf(sentence);
    if (!numbers.length) continue;
    for (const n of numbers) inline.add(n);
    const statement = statementOf(sentence);
    if (!statement) continue;
    const key = statement.toLowerCase();
    const urls = seen.get(key) ?? new Set<string>();
    seen.set(key, urls);
    for (const n of numbers) {
      const url = byNumber.get(n);
      if (!url || urls.has(url)) continue;
      urls.add(url);
      pairs.push({ statement, url, n });
    }
  }
  const labels = new Set(entries.map((e) => e.n));
  return {
    body,
    ...listed(entries),
    entries,
    inline: [...inline],
    unresolved: [...inline].filter((n) => !labels.has(n)),
    pairs,
    stripped: body.replace(GROUP, "").trim(),
  };
}

/**
 * Only what the References section lists (the count the judge is shown, the URLs): every answer
 * needs this, and it reads the body only when the answer has no such section.
 */
export function referencesOf(markdown: string): Pick<ParsedCitations, "count" | "urls"> {
  const { body, references } = splitReferences(markdown);
  return listed(entriesOf(references, () => proseLines(body)));
}

/**
 * The sentences of a body (its References section already removed): prose lines outside fenced
 * code, headings left out, list and quote markers removed, each line cut after `.`, `!` or `?`
 * (and any closing quote and citation groups right after it) when a space and a capital letter,
 * digit, quote or bracket follow. A list item or table row is one sentence at least.
 */
export function answerSentences(body: string): string[] {
  return bodySentences(proseLines(body));
}

function bodySentences(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    if (HEADING.test(line) || DEFINITION.test(line)) continue;
    const text = line
      .replace(/^\s*(?:[-*+]|\d{1,9}[.)])[ \t]+/, "")
      .replace(/^\s*>[ \t]?/, "")
      .trim();
    if (text) splitSentences(text, out);
  }
  return out;
}

const SENTENCE_END = new Set([".", "!", "?"]);
const CLOSERS = new Set(['"', "'", "”", "’", ")", "*", "_"]);
const isSpace = (c: string | undefined) => c === " " || c === "\t";
/** What may start a sentence: a capital letter, digit, opening quote, parenthesis or bracket. */
const STARTS_SENTENCE = /["“‘'([\p{Lu}\p{N}]/u;

/**
 * Cuts one line into sentences in one left-to-right pass: at a sentence end, closing quotes and
 * citation groups (with at most a few spaces before each) stay with the sentence they close.
 */
function splitSentences(text: string, out: string[]): void {
  let start = 0;
  let i = 0;
  while (i < text.length) {
    if (!SENTENCE_END.has(text[i]!)) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < text.length && CLOSERS.has(text[end]!)) end++;
    end = afterGroups(text, end);
    let next = end;
    while (isSpace(text[next])) next++;
    if (next === text.length) break;
    if (next > end && STARTS_SENTENCE.test(text[next]!)) {
      const s = text.slice(start, end).trim();
      if (s) out.push(s);
      start = next;
      i = next;
    } else {
      i = Math.max(i + 1, end);
    }
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
}

/** The position after the citation groups that start at `from` (each after at most 3 spaces). */
function afterGroups(text: string, from: number): number {
  let pos = from;
  for (;;) {
    let at = pos;
    while (at - pos < 3 && isSpace(text[at])) at++;
    if (text[at] !== "[") return pos;
    GROUP_AT.lastIndex = at;
    if (!GROUP_AT.exec(text)) return pos;
    pos = GROUP_AT.lastIndex;
  }
}

/** A sentence as a FACT statement: markers removed, whitespace collapsed, no space before punctuation. */
function statementOf(sentence: string): string {
  // Whitespace is collapsed first: `\s+` before a test that can fail backtracks quadratically on long runs.
  return sentence
    .replace(CODE_SPAN, " ")
    .replace(GROUP, "")
    .replace(/\s+/g, " ")
    .replace(/ ([.,;:!?])/g, "$1")
    .trim();
}

/** Inline citation numbers of a text, outside code spans, in order, each once. */
function markersOf(text: string): number[] {
  const out = new Set<number>();
  for (const m of text.replace(CODE_SPAN, " ").matchAll(GROUP)) {
    for (const n of expandGroup(m[1]!)) out.add(n);
  }
  return [...out];
}

function expandGroup(group: string): number[] {
  const out: number[] = [];
  for (const part of group.split(/[,;]/)) {
    const [a, b] = part.split(/[-–—]/).map((s) => Number(s.trim()));
    if (a === undefined || !a) continue;
    if (b === undefined) out.push(a);
    else if (b >= a && b - a <= MAX_RANGE) for (let n = a; n <= b; n++) out.push(n);
  }
  return out;
}

function entriesOf(references: string, bodyLines: () => string[]): ReferenceEntry[] {
  if (references) return numberEntries(candidatesOf(proseLines(references)));
  const defs = bodyLines().filter(isNumericDefinition);
  return numberEntries(defs.map((text) => ({ text, listItem: false })));
}

function listed(entries: ReferenceEntry[]): Pick<ParsedCitations, "count" | "urls"> {
  return { count: entries.length, urls: [...new Set(entries.flatMap((e) => (e.url ? [e.url] : [])))] };
}

function isNumericDefinition(line: string): boolean {
  return /^\d{1,3}$/.test(DEFINITION.exec(line)?.[1] ?? "");
}

/** The lines outside fenced code blocks. */
function proseLines(markdown: string): string[] {
  const out: string[] = [];
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (FENCE.test(line)) inFence = !inFence;
    else if (!inFence) out.push(line);
  }
  return out;
}

/** A possible References entry; list items always count, paragraph lines only when they look like one. */
interface Candidate {
  text: string;
  listItem: boolean;
}

/**
 * Candidates of a References section: list items with their continuation lines, other lines
 * one each. A blank line ends an item but not its list; a labelled line (`[2] …`) starts an entry
 * of its own; any other line outside an item ends it.
 */
function candidatesOf(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  let item: Candidate | null = null;
  let ordinal: number | null = null;
  for (const line of lines) {
    const marker = LIST_ITEM.exec(line);
    if (marker) {
      const text = line.slice(marker[0].length);
      if (marker[2] === undefined) ordinal = null;
      else ordinal = ordinal === null ? Number(marker[2]) : ordinal + 1;
      item = { text: ordinal === null || ENTRY_LABEL.test(text) ? text : `${ordinal}. ${text}`, listItem: true };
      out.push(item);
    } else if (!line.trim()) {
      item = null;
    } else if (item && !HEADING.test(line) && !ENTRY_LABEL.test(line)) {
      item.text += `\n${line}`;
    } else {
      item = null;
      ordinal = null;
      if (!HEADING.test(line)) out.push({ text: line, listItem: false });
    }
  }
  return out;
}

function numberEntries(candidates: Candidate[]): ReferenceEntry[] {
  const entries: ReferenceEntry[] = [];
  for (const c of candidates) {
    const text = c.text.trim();
    if (!text) continue;
    const label = ENTRY_LABEL.exec(text);
    const link = firstLink(text);
    if (!label && !link.url && !c.listItem) continue;
    const n = label ? Number(label[1] ?? label[2]) : entries.length + 1;
    const rest = label ? text.slice(label[0].length) : text;
    entries.push({ n, url: link.url, title: link.title ?? titleOf(rest, link.raw), text });
  }
  return entries;
}

/** First http(s) link of an entry (link target, autolink or bare URL) when it parses as a URL, with a Markdown link's text. */
function firstLink(text: string): { url: string | null; title: string | null; raw: string | null } {
  const m = FIRST_URL.exec(text);
  if (!m) return { url: null, title: null, raw: null };
  const href = m[2] ?? m[3] ?? m[4]!.replace(TRAILING_PUNCTUATION, "");
  if (!URL.canParse(href)) return { url: null, title: null, raw: null };
  return { url: href, title: m[2] !== undefined ? m[1]!.trim() || null : null, raw: m[0] };
}

const SEPARATORS = new Set([" ", ":", ".", "-", "–", "—", "|", ","]);

/** An entry's words without its URL and the separators around it ("Title — https://…" → "Title"). */
function titleOf(rest: string, raw: string | null): string | null {
  const words = (raw ? rest.replace(raw, " ") : rest).replace(/\s+/g, " ");
  // Trimmed by hand: a regex anchored at the end rescans a long run of separators from each of its characters.
  let a = 0;
  let b = words.length;
  while (a < b && SEPARATORS.has(words[a]!)) a++;
  while (b > a && SEPARATORS.has(words[b - 1]!)) b--;
  return b > a ? words.slice(a, b) : null;
}

/** A URL compared as a cited page: scheme, `www.`, fragment, trailing slash and case of the host ignored. */
export function urlKey(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname.toLowerCase().replace(/^www\./, "");
    return `${host}${u.pathname.replace(/\/+$/, "")}${u.search}`;
  } catch {
    return url.trim().toLowerCase();
  }
}

/** A URL's host without `www.`, or null for text that is not a URL. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}
