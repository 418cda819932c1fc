import { splitReferences } from "@arena/core";

/** One entry of an answer's References section. */
export interface ReferenceEntry {
  /** The citation number the entry answers to: its explicit label, else its list position. */
  n: number;
  /** First http(s) URL in the entry, if any. */
  url: string | null;
  text: string;
}

export interface ParsedCitations {
  /** Number of entries in the References section (SPEC §4: what the judge is shown). */
  count: number;
  /** Distinct http(s) URLs of the entries, in order. */
  urls: string[];
  /** Distinct citation numbers used inline in the body, in order of first use. */
  inline: number[];
  /** Inline numbers that no References entry answers to. */
  unresolved: number[];
  entries: ReferenceEntry[];
}

/*
 * Answers are untrusted: a full Markdown parser costs time quadratic in some inputs (`_a`
 * repeated) and recursion depth linear in others (`>` repeated). This reads only what citations
 * need, line by line, with patterns that cannot backtrack over a line more than a constant
 * number of times: time linear in the answer, no recursion.
 */

/**
 * An inline citation group: `[1]`, `[1, 2]`, `[1; 3]`, `[1-3]`, `[1–3]`. Numbers have at most 3
 * digits so that bracketed years such as `[2020]` are not read as citations; footnote markers
 * (`[^1]`) are not citations either.
 */
const CITATION_GROUP = /\[\s*(\d{1,3}(?:\s*[-–]\s*\d{1,3})?(?:\s*[,;]\s*\d{1,3}(?:\s*[-–]\s*\d{1,3})?)*)\s*\]/g;
/** A range wider than this is a typo or not a citation; it is ignored rather than expanded. */
const MAX_RANGE = 50;
const ENTRY_LABEL = /^\s*(?:\[(\d{1,3})\]|(\d{1,3})[.)])/;
const FENCE = /^ {0,3}(?:```|~~~)/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
/** A link reference definition `[label]: destination`. */
const DEFINITION = /^ {0,3}\[([^\]\n]{1,100})\]:[ \t]*\S/;
const LIST_ITEM = /^( {0,3})(?:[-*+]|(\d{1,9})[.)])(?:[ \t]+|$)/;
/** Code spans of one backtick pair; each span ends at the next backtick, so no backtracking. */
const CODE_SPAN = /`[^`\n]*`/g;
/**
 * The first http(s) link of a line: a Markdown link target (one level of parentheses allowed,
 * as in Wikipedia URLs), an autolink, or a bare URL. Alternatives start with distinct
 * characters and their repetitions with disjoint classes, so matching is linear.
 */
const FIRST_URL = /\]\((https?:\/\/(?:[^()\s]|\([^()\s]*\))+)|<(https?:\/\/[^>\s]+)>|(https?:\/\/[^\s<>]+)/i;
/** What GFM leaves off a bare URL's end: closing punctuation that belongs to the sentence. */
const TRAILING_PUNCTUATION = /[.,:;!?'"*_~)\]]+$/;

/**
 * Parses the citations of a Markdown answer: inline `[n]` markers in the body and the entries
 * of its References section, which core's `splitReferences` finds (the same rule the judge uses).
 *
 * Choices where formats vary:
 * - Entries are list items (each counts; continuation lines belong to their item), paragraph
 *   lines that carry a URL or a `[n]`/`n.` label, and link reference definitions (`[n]: url`).
 *   Ordered lists keep their numbering from the list's first number.
 * - Without a section, numeric link reference definitions anywhere are the entries.
 * - Inline markers are read outside fenced code, code spans, definitions and the References section.
 */
export function parseCitations(markdown: string): ParsedCitations {
  const { body, references } = splitReferences(markdown);
  const bodyLines = proseLines(body);
  const entries = entriesOf(references, () => bodyLines);
  const inline = inlineCitations(bodyLines);
  const labels = new Set(entries.map((e) => e.n));
  return { ...listed(entries), inline, unresolved: inline.filter((n) => !labels.has(n)), entries };
}

/**
 * Only what the References section lists (the count the judge is shown, the URLs): every answer
 * needs this, and it reads the body only when the answer has no such section.
 */
export function referencesOf(markdown: string): Pick<ParsedCitations, "count" | "urls"> {
  const { body, references } = splitReferences(markdown);
  return listed(entriesOf(references, () => proseLines(body)));
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
 * one each. A blank line ends an item but not its list; any other line outside an item ends it.
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
    } else if (item && !HEADING.test(line)) {
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
    const url = firstUrl(text);
    if (!label && !url && !c.listItem) continue;
    const n = label ? Number(label[1] ?? label[2]) : entries.length + 1;
    entries.push({ n, url, text });
  }
  return entries;
}

/** First http(s) link of an entry (link target, autolink or bare URL), if it parses as a URL. */
function firstUrl(text: string): string | null {
  const m = FIRST_URL.exec(text);
  if (!m) return null;
  const href = m[1] ?? m[2] ?? m[3]!.replace(TRAILING_PUNCTUATION, "");
  return URL.canParse(href) ? href : null;
}

/** Inline citation numbers, skipping definitions and code spans. */
function inlineCitations(lines: string[]): number[] {
  const seen = new Set<number>();
  for (const line of lines) {
    if (DEFINITION.test(line)) continue;
    for (const m of line.replace(CODE_SPAN, " ").matchAll(CITATION_GROUP)) {
      for (const n of expandGroup(m[1]!)) seen.add(n);
    }
  }
  return [...seen];
}

function expandGroup(group: string): number[] {
  const out: number[] = [];
  for (const part of group.split(/[,;]/)) {
    const [a, b] = part.split(/[-–]/).map((s) => Number(s.trim()));
    if (a === undefined || !a) continue;
    if (b === undefined) out.push(a);
    else if (b >= a && b - a <= MAX_RANGE) for (let n = a; n <= b; n++) out.push(n);
  }
  return out;
}
