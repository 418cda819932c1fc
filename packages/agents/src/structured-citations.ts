import { splitReferences } from "@arena/core";
import { parseCitations } from "@arena/core/citations";

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

/** A UTF-16 offset from an offset in Unicode code points (how Python-served APIs count characters). */
export function utf16FromCodePoints(text: string, codePoints: number): number {
  let units = 0;
  let points = 0;
  while (points < codePoints && units < text.length) {
    units += (text.codePointAt(units) ?? 0) > 0xffff ? 2 : 1;
    points++;
  }
  return points === codePoints ? units : -1;
}

/** A UTF-16 offset from an offset in UTF-8 bytes (Gemini's grounding segments); -1 when it is not a character boundary. */
export function utf16FromUtf8Bytes(text: string, bytes: number): number {
  let units = 0;
  let seen = 0;
  while (seen < bytes && units < text.length) {
    const cp = text.codePointAt(units) ?? 0;
    seen += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    units += cp > 0xffff ? 2 : 1;
  }
  return seen === bytes ? units : -1;
}

/** Structured citations read per answer; an answer has far fewer (the provider's list is untrusted). */
const MAX_CITATIONS = 500;

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
  const cited = citations.slice(0, MAX_CITATIONS).flatMap((c) => {
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
  return appendEntries(marked, added.map(([url, n]) => `[${n}] ${url}`));
}

/**
 * A number per source: the listed one, the one the text already uses, else the next free one, in
 * order of first appearance (by span, then as given), so numbering follows the reading order.
 */
function numberSources(cited: { url: string; span: Numbered["span"]; n?: number | undefined }[], existing: { n: number; url: string }[]): Numbered[] {
  const byUrl = new Map(existing.map((e) => [e.url, e.n]));
  const used = new Set(existing.map((e) => e.n));
  const preset = cited.filter((c) => c.n !== undefined);
  for (const c of preset) {
    if (byUrl.has(c.url) || used.has(c.n!)) continue;
    byUrl.set(c.url, c.n!);
    used.add(c.n!);
  }
  const order = cited
    .map((c, i) => ({ c, i }))
    .sort((x, y) => (x.c.span?.start ?? Infinity) - (y.c.span?.start ?? Infinity) || x.i - y.i);
  let next = Math.max(0, ...used) + 1;
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
