import { splitReferences } from "@arena/core";
import { Lexer, type Token, type Tokens } from "marked";

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

/**
 * An inline citation group: `[1]`, `[1, 2]`, `[1; 3]`, `[1-3]`, `[1–3]`. Numbers have at most 3
 * digits so that bracketed years such as `[2020]` are not read as citations; footnote markers
 * (`[^1]`) are not citations either.
 */
const CITATION_GROUP = /\[\s*(\d{1,3}(?:\s*[-–]\s*\d{1,3})?(?:\s*[,;]\s*\d{1,3}(?:\s*[-–]\s*\d{1,3})?)*)\s*\]/g;
const NUMERIC_LINK_TEXT = /^[\d\s,;\-–]+$/;
/** A range wider than this is a typo or not a citation; it is ignored rather than expanded. */
const MAX_RANGE = 50;
const ENTRY_LABEL = /^\s*(?:\[(\d{1,3})\]|(\d{1,3})[.)])/;

/**
 * Parses the citations of a Markdown answer: inline `[n]` markers in the body and the entries
 * of its References section, which core's `splitReferences` finds (the same rule the judge uses).
 *
 * Choices where formats vary:
 * - Entries are list items (each counts), paragraph lines that carry a URL or a `[n]`/`n.`
 *   label, and link reference definitions (`[n]: url`).
 * - Without a section, numeric link reference definitions anywhere are the entries.
 * - Inline markers are read outside code and outside the References section.
 */
export function parseCitations(markdown: string): ParsedCitations {
  const { body, references } = splitReferences(markdown);
  const bodyTokens = Lexer.lex(body, { gfm: true });
  const entries = entriesOf(references, () => bodyTokens);
  const inline = inlineCitations(bodyTokens);
  const labels = new Set(entries.map((e) => e.n));
  return { ...listed(entries), inline, unresolved: inline.filter((n) => !labels.has(n)), entries };
}

/**
 * Only what the References section lists (the count the judge is shown, the URLs): every answer
 * needs this, and it lexes the body only when the answer has no such section.
 */
export function referencesOf(markdown: string): Pick<ParsedCitations, "count" | "urls"> {
  const { body, references } = splitReferences(markdown);
  return listed(entriesOf(references, () => Lexer.lex(body, { gfm: true })));
}

function entriesOf(references: string, bodyTokens: () => Token[]): ReferenceEntry[] {
  return references
    ? numberEntries(Lexer.lex(references, { gfm: true }).flatMap(candidatesOf))
    : numberEntries(bodyTokens().filter(isNumericDef).map((t) => ({ text: t.raw, listItem: false })));
}

function listed(entries: ReferenceEntry[]): Pick<ParsedCitations, "count" | "urls"> {
  return { count: entries.length, urls: [...new Set(entries.flatMap((e) => (e.url ? [e.url] : [])))] };
}

function isNumericDef(t: Token): boolean {
  return t.type === "def" && /^\d{1,3}$/.test((t as Tokens.Def).tag);
}

/** A possible References entry; list items always count, paragraph lines only when they look like one. */
interface Candidate {
  text: string;
  listItem: boolean;
}

const paragraphLine = (text: string): Candidate => ({ text, listItem: false });

function candidatesOf(t: Token): Candidate[] {
  switch (t.type) {
    case "list":
      return (t as Tokens.List).items.map((item, i) => ({ text: labelOrdered(item.text, t as Tokens.List, i), listItem: true }));
    case "paragraph":
      return t.raw.split("\n").map(paragraphLine);
    case "def":
      return [paragraphLine(t.raw)];
    default:
      return [];
  }
}

/** Keeps an ordered list's own numbering (`3.` stays 3) by writing it as a label when the item has none. */
function labelOrdered(text: string, list: Tokens.List, index: number): string {
  if (!list.ordered || ENTRY_LABEL.test(text)) return text;
  const start = typeof list.start === "number" ? list.start : 1;
  return `${start + index}. ${text}`;
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

/** First http(s) link of an entry, found by the Markdown inline lexer (links, autolinks, bare URLs). */
function firstUrl(text: string): string | null {
  let found: string | null = null;
  const visit = (tokens: Token[]) => {
    for (const t of tokens) {
      if (found) return;
      if (t.type === "link" && isHttpUrl((t as Tokens.Link).href)) found = (t as Tokens.Link).href;
      else if ("tokens" in t && Array.isArray(t.tokens)) visit(t.tokens);
    }
  };
  visit(Lexer.lexInline(text.replace(/^\s*\[(\d{1,3})\]:/, "[$1]"), { gfm: true }));
  return found;
}

function isHttpUrl(href: string): boolean {
  try {
    const u = new URL(href);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** Inline citation numbers, skipping code and definitions. */
function inlineCitations(tokens: Token[]): number[] {
  const pieces: string[] = [];
  const visit = (list: Token[]) => {
    for (const t of list) {
      if (t.type === "code" || t.type === "codespan" || t.type === "def" || t.type === "html") continue;
      if (t.type === "link") {
        if (NUMERIC_LINK_TEXT.test((t as Tokens.Link).text)) pieces.push(t.raw);
        continue;
      }
      const children = childTokens(t);
      if (children.length) visit(children);
      else if (t.type === "text" || t.type === "escape") pieces.push(t.raw);
    }
  };
  visit(tokens);
  const seen = new Set<number>();
  for (const m of pieces.join("").matchAll(CITATION_GROUP)) {
    for (const n of expandGroup(m[1]!)) seen.add(n);
  }
  return [...seen];
}

function childTokens(t: Token): Token[] {
  if (t.type === "list") return (t as Tokens.List).items;
  if (t.type === "table") {
    const table = t as Tokens.Table;
    return [...table.header, ...table.rows.flat()].flatMap((cell) => cell.tokens);
  }
  return "tokens" in t && Array.isArray(t.tokens) ? t.tokens : [];
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
