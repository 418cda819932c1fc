import { splitReferences } from "@arena/core";
import { parseCitations } from "@arena/core/citations";
import { z } from "zod";

/**
 * Citations that arrive as structure beside the text (OpenAI `url_citation` annotations,
 * Perplexity's `citations` list, Anthropic's citation blocks, Gemini's grounding supports) turned
 * into the answer format every protocol asks for: `[n]` markers after the cited span and a
 * `## References` section of `[n] url` lines. The result is plain Markdown, so the citation
 * parsers, the judge's References count and the report scorers read it like any answer.
 *
 * Merging with references the text already has: a URL already listed keeps its number, a new URL
 * gets the next free number, and the new entries are appended to the existing section (or a
 * `## References` section is added), so no source is listed twice.
 */

export interface StructuredCitation {
  url: string;
  title?: string | null;
  /** The cited span, as UTF-16 offsets [start, end) into the text; absent: the source is listed only. */
  span?: { start: number; end: number } | null;
  /** The number the text already uses for this source (Perplexity's `[n]` is `citations[n-1]`). */
  n?: number;
}

/** Tracking parameters providers append to cited URLs (`?utm_source=openai`): not part of the page's address. */
const TRACKING = /^utm_/i;

/** The URL as listed: http(s) only, tracking parameters dropped; null when it is no such URL. */
export function citedUrl(raw: string): string | null {
  if (!URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
  return url.href;
}

/**
 * UTF-16 offsets from offsets in Unicode code points (how Python-served APIs count characters):
 * one pass over the text builds the table, then each lookup is constant time, so an answer with
 * thousands of annotations costs no more than one walk. -1 for an offset outside the text.
 */
export function codePointOffsets(text: string): (codePoints: number) => number {
  const at = new Int32Array(text.length + 1);
  let points = 0;
  for (let units = 0; units < text.length; points++) {
    at[points] = units;
    units += (text.codePointAt(units) ?? 0) > 0xffff ? 2 : 1;
  }
  at[points] = text.length;
  return (n) => (Number.isInteger(n) && n >= 0 && n <= points ? at[n]! : -1);
}

/**
 * UTF-16 offsets from offsets in UTF-8 bytes (Gemini's grounding segments), the same way: -1 for
 * an offset outside the text or inside a character.
 */
export function utf8Offsets(text: string): (bytes: number) => number {
  // A UTF-16 unit is at most 3 UTF-8 bytes (a surrogate pair is 4 for 2 units).
  const at = new Int32Array(text.length * 3 + 1).fill(-1);
  let seen = 0;
  for (let units = 0; units < text.length; ) {
    at[seen] = units;
    const cp = text.codePointAt(units) ?? 0;
    seen += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    units += cp > 0xffff ? 2 : 1;
  }
  at[seen] = text.length;
  return (n) => (Number.isInteger(n) && n >= 0 && n <= seen ? at[n]! : -1);
}

/**
 * What the arena reads of one provider answer; the rest is dropped and counted in the stored
 * trace (`dropped`). Real answers stay far below: a few dozen sources, a few hundred content
 * blocks or output items. Each list is cut before anything parses its entries.
 */
export const ANSWER_CAPS = {
  /** Structured citations (annotations, grounding supports' chunk references, citation lists). */
  citations: 500,
  /** Content blocks, output items, parts and grounding chunks/supports: the lists a citation or text lives in. */
  items: 2_000,
  /** Entries of a list inside one item (search queries, result URLs, chunk indices of one support). */
  perItem: 100,
} as const;

/**
 * A list in a provider's answer, checked as a list only: a schema over its entries would check
 * every one of a million before anything is cut, so entries are parsed one by one after `capped`.
 */
export const untrustedList = z.custom<unknown[]>((v) => Array.isArray(v), { message: "expected an array" });

/** The first `max` entries of an untrusted list, and how many were left out; a non-list is empty. */
export function capped<T>(list: readonly T[] | null | undefined, max: number): { kept: readonly T[]; dropped: number } {
  if (!Array.isArray(list)) return { kept: [], dropped: 0 };
  return list.length > max ? { kept: list.slice(0, max), dropped: list.length - max } : { kept: list, dropped: 0 };
}

interface Numbered {
  n: number;
  url: string;
  span: { start: number; end: number } | null;
}

/**
 * The text with markers after the cited spans and every cited URL in its References. Citations
 * whose URL is not http(s) are dropped; spans outside the text are ignored (the source is still
 * listed). A text without citations comes back unchanged.
 */
export function withReferences(text: string, citations: readonly StructuredCitation[]): string {
  const cited = citations.slice(0, ANSWER_CAPS.citations).flatMap((c) => {
    const url = citedUrl(c.url);
    const span = c.span && c.span.start >= 0 && c.span.start <= c.span.end && c.span.end <= text.length ? c.span : null;
    return url ? [{ url, span, n: c.n }] : [];
  });
  if (!cited.length) return text;
  const existing = parseCitations(text).entries.flatMap((e) => (e.url ? [{ n: e.n, url: citedUrl(e.url) ?? e.url }] : []));
  const numbered = numberSources(cited, existing);
  const marked = insertMarkers(text, numbered);
  const listed = new Set(existing.map((e) => e.url));
  const added = [...new Map(numbered.filter((c) => !listed.has(c.url)).map((c) => [c.url, c.n])).entries()].sort((x, y) => x[1] - y[1]);
  return appendEntries(
    marked,
    added.map(([url, n]) => `[${n}] ${url}`),
  );
}

/**
 * A number per source: the listed one, the one the text already uses, else the next free one, in
 * order of first appearance (by span, then as given), so numbering follows the reading order.
 */
function numberSources(
  cited: { url: string; span: Numbered["span"]; n?: number | undefined }[],
  existing: { n: number; url: string }[],
): Numbered[] {
  const byUrl = new Map(existing.map((e) => [e.url, e.n]));
  const used = new Set(existing.map((e) => e.n));
  const preset = cited.filter((c) => c.n !== undefined);
  for (const c of preset) {
    if (byUrl.has(c.url) || used.has(c.n!)) continue;
    byUrl.set(c.url, c.n!);
    used.add(c.n!);
  }
  const order = cited.map((c, i) => ({ c, i })).sort((x, y) => (x.c.span?.start ?? Infinity) - (y.c.span?.start ?? Infinity) || x.i - y.i);
  // A loop, not Math.max(...used): a spread of a list this long overflows the stack.
  let next = 1;
  for (const n of used) if (n >= next) next = n + 1;
  for (const { c } of order) {
    if (byUrl.has(c.url)) continue;
    byUrl.set(c.url, next);
    used.add(next++);
  }
  return cited.map((c) => ({ n: byUrl.get(c.url)!, url: c.url, span: c.span }));
}

/**
 * An inline link to a source at the end of a span (`[site](url)`, `([site](url))`): OpenAI's search
 * models cite that way, with the annotation's span on the link or on the claim and its link.
 * Linear: the classes exclude their delimiters and the pattern is anchored at the end.
 */
/** How far back from a span's end a link is looked for (a link is at most ~2,400 characters). */
const LINK_TAIL_CHARS = 2_500;
/** The link itself, tried once from the last `[` before the last `](` (so no scan over hostile text). */
const LINK_AT = /^(\(?\[[^\]\n]{0,300}\]\(\s{0,3}https?:\/\/[^)\s]{1,2048}\s{0,3}\)\)?)[.,;:!?]?\s{0,3}$/;

/**
 * An inline link to a source ending a span (`[site](url)`, `([site](url))`, maybe before the
 * sentence's full stop): OpenAI's search models cite that way, with the annotation's span on the
 * link or on the claim and its link. Returns its offsets in `s`.
 */
function trailingLink(s: string): { start: number; end: number } | null {
  const bracket = s.lastIndexOf("](");
  const open = bracket === -1 ? -1 : s.lastIndexOf("[", bracket);
  if (open === -1) return null;
  const start = s[open - 1] === "(" ? open - 1 : open;
  const m = LINK_AT.exec(s.slice(start));
  return m ? { start, end: start + m[1]!.length } : null;
}

/**
 * Inserts `[n]` markers, last span first so earlier offsets stay valid. An inline link ending the
 * span is replaced by the markers (with the parentheses around it); otherwise the markers go after
 * the span, before its closing sentence punctuation ("… France [1]."). Markers the text already
 * has at that place are not repeated.
 */
function insertMarkers(text: string, cited: Numbered[]): string {
  const groups = new Map<string, { start: number; end: number; ns: Set<number> }>();
  for (const c of cited) {
    if (!c.span) continue;
    const key = `${c.span.start}:${c.span.end}`;
    const g = groups.get(key) ?? { ...c.span, ns: new Set<number>() };
    g.ns.add(c.n);
    groups.set(key, g);
  }
  let out = text;
  for (const g of [...groups.values()].sort((x, y) => y.end - x.end || y.start - x.start)) {
    const ns = [...g.ns].sort((a, b) => a - b);
    const from = Math.max(g.start, g.end - LINK_TAIL_CHARS);
    const link = trailingLink(out.slice(from, g.end));
    if (link) {
      let [start, end] = [from + link.start, from + link.end];
      if (out[start - 1] === "(" && out[end] === ")") [start, end] = [start - 1, end + 1];
      while (start > 0 && out[start - 1] === " ") start--;
      out = `${out.slice(0, start)} ${ns.map((n) => `[${n}]`).join("")}${out.slice(end)}`;
      continue;
    }
    let at = g.end;
    while (at > g.start && /\s/.test(out[at - 1]!)) at--;
    if (at > g.start + 1 && /[.!?]/.test(out[at - 1]!) && !/[.!?\s]/.test(out[at - 2]!)) at--;
    const missing = ns.filter((n) => !out.slice(at, at + 12).includes(`[${n}]`));
    if (!missing.length) continue;
    out = `${out.slice(0, at)} ${missing.map((n) => `[${n}]`).join("")}${out.slice(at)}`;
  }
  return out;
}

/** Adds `[n] url` lines to the References section the text has, or a new `## References` section at its end. */
function appendEntries(text: string, lines: string[]): string {
  if (!lines.length) return text;
  const { references } = splitReferences(text);
  const at = references ? text.lastIndexOf(references) : -1;
  if (at === -1) return `${text.trimEnd()}\n\n## References\n${lines.join("\n")}\n`;
  const end = at + references.length;
  return `${text.slice(0, end)}\n${lines.join("\n")}${text.slice(end)}`;
}
