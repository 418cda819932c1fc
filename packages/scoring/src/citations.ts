import { splitReferences } from "@arena/core";

/**
 * (statement, URL) pairs of a Markdown answer, FACT's first step (deepresearch-bench §FACT:
 * "extract statement–URL pairs, deduplicate"). Parsing follows the rules of the agents
 * package's citation parser (packages/agents/src/citations.ts), which is not exported: the
 * References section is the one core's `splitReferences` finds (the judge's rule), an entry is
 * numbered by its `[n]`/`n.` label else by position, inline groups are `[1]`, `[1, 2]`, `[1-3]`
 * with at most 3 digits (so `[2020]` is a year, not a citation), and fenced code is skipped.
 * Answers are untrusted: every pattern here is linear in the line it reads.
 */
export interface CitationPair {
  statement: string;
  url: string;
  /** The inline number that linked them. */
  n: number;
}

export interface AnswerCitations {
  /** Entries of the References section. */
  count: number;
  /** Distinct URLs listed, in order. */
  urls: string[];
  /** Deduplicated (statement, URL) pairs, in order of first appearance. */
  pairs: CitationPair[];
  /** The body without its References section and inline markers (RACE reads this). */
  stripped: string;
}

const GROUP = /\[\s*(\d{1,3}(?:\s*[-–]\s*\d{1,3})?(?:\s*[,;]\s*\d{1,3}(?:\s*[-–]\s*\d{1,3})?)*)\s*\]/g;
const LABEL = /^\s*(?:[-*+]\s+)?(?:\[(\d{1,3})\]|(\d{1,3})[.)])/;
const URL_IN = /https?:\/\/[^\s<>()\]]+/i;
const FENCE = /^ {0,3}(?:```|~~~)/;
const MAX_RANGE = 50;

export function parseAnswerCitations(markdown: string): AnswerCitations {
  const { body, references } = splitReferences(markdown);
  const entries = referenceEntries(references);
  const byNumber = new Map(entries.map((e) => [e.n, e.url] as const));
  const seen = new Set<string>();
  const pairs: CitationPair[] = [];
  for (const sentence of sentences(body)) {
    // Whitespace is collapsed first: `\s+` before a test that can fail backtracks quadratically on long runs.
    const statement = sentence.replace(GROUP, "").replace(/\s+/g, " ").replace(/ ([.,;:!?])/g, "$1").trim();
    for (const n of inlineNumbers(sentence)) {
      const url = byNumber.get(n);
      const key = `${statement.toLowerCase()}\u0000${url}`;
      if (!url || !statement || seen.has(key)) continue;
      seen.add(key);
      pairs.push({ statement, url, n });
    }
  }
  return {
    count: entries.length,
    urls: [...new Set(entries.flatMap((e) => (e.url ? [e.url] : [])))],
    pairs,
    stripped: body.replace(GROUP, "").trim(),
  };
}

/** Entries of a References section: list items or labelled lines, numbered by label else position. */
function referenceEntries(references: string): { n: number; url: string | null }[] {
  const out: { n: number; url: string | null }[] = [];
  for (const line of proseLines(references)) {
    const label = LABEL.exec(line);
    const url = URL_IN.exec(line)?.[0].replace(/[.,:;!?'"*_~]+$/, "") ?? null;
    if (!label && !url && !/^\s*[-*+]\s+\S/.test(line)) continue;
    out.push({ n: label ? Number(label[1] ?? label[2]) : out.length + 1, url: url && URL.canParse(url) ? url : null });
  }
  return out;
}

function proseLines(markdown: string): string[] {
  const out: string[] = [];
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (FENCE.test(line)) inFence = !inFence;
    else if (!inFence && line.trim()) out.push(line);
  }
  return out;
}

/**
 * Sentences of a body: prose lines (headings and code skipped) cut after `.`, `!` or `?` followed
 * by a space and an upper-case letter, digit or quote, or after a citation group that ends a
 * sentence. A list item or table row is one sentence at least.
 */
export function sentences(body: string): string[] {
  const out: string[] = [];
  for (const line of proseLines(body)) {
    if (/^ {0,3}#{1,6}\s/.test(line)) continue;
    const text = line.replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+/, "").replace(/^\s*>\s?/, "").trim();
    for (const s of text.split(/(?<=[.!?](?:\s*\[[\d,;\s–-]{1,40}\])?)\s+(?=["“(\[]?[A-Z0-9])/)) {
      if (s.trim()) out.push(s.trim());
    }
  }
  return out;
}

function inlineNumbers(sentence: string): number[] {
  const out: number[] = [];
  for (const m of sentence.matchAll(GROUP)) {
    for (const part of m[1]!.split(/[,;]/)) {
      const [a, b] = part.split(/[-–]/).map((x) => Number(x.trim()));
      if (!a) continue;
      if (b === undefined) out.push(a);
      else if (b >= a && b - a <= MAX_RANGE) for (let n = a; n <= b; n++) out.push(n);
    }
  }
  return [...new Set(out)];
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

export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}
