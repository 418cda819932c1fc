import { Parser } from "htmlparser2";

/**
 * Reading feeds and sitemaps, which are untrusted XML. The parser (htmlparser2, the one under
 * linkedom) keeps its open elements in an array it shifts and searches at every tag, so a document
 * nesting 200,000 elements (600 KB) took 20 s to parse and a 2 MiB one minutes. Here the parser's
 * own open and close events are counted: a document nesting deeper than MAX_XML_DEPTH is refused
 * at the first tag past the bound, so no tag costs more than the bound. No tree is built; links
 * are collected in one pass. Callers run this off the main thread (see crawl/extract-thread.ts).
 */

/** Real feeds and sitemaps nest fewer than ten elements; an Atom entry's XHTML content a few dozen. */
export const MAX_XML_DEPTH = 64;

export class DocumentTooDeepError extends Error {
  override name = "DocumentTooDeepError";
}

/** `raw` resolved against `base` when it is an http(s) URL, else null. */
export const httpUrl = (raw: string | null | undefined, base: string | undefined): string | null => {
  if (!raw) return null;
  try {
    const u = new URL(raw.trim(), base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : null;
  } catch {
    return null;
  }
};

interface Visitor {
  /** An element opens below `parent` (null at the top); return true to collect its text. */
  open(name: string, parent: string | null, attribs: Record<string, string>): boolean;
  /** The text of an element `open` asked for, at its end. */
  text(name: string, text: string): void;
}

/** Streams `text` through the XML parser, refusing nesting deeper than MAX_XML_DEPTH. */
function walkXml(text: string, visitor: Visitor): void {
  const stack: string[] = [];
  /** Depth of the element whose text is collected, and the text so far. */
  let collecting: { depth: number; name: string; parts: string[] } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (stack.length >= MAX_XML_DEPTH) throw new DocumentTooDeepError(`the document nests more than ${MAX_XML_DEPTH} elements deep`);
        const parent = stack.at(-1) ?? null;
        stack.push(name);
        if (!collecting && visitor.open(name, parent, attribs)) collecting = { depth: stack.length, name, parts: [] };
      },
      ontext(data) {
        collecting?.parts.push(data);
      },
      onclosetag() {
        if (collecting && collecting.depth === stack.length) {
          visitor.text(collecting.name, collecting.parts.join(""));
          collecting = null;
        }
        stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(text);
  parser.end();
}

/** Links of an RSS feed's items (`item > link` text), then of an Atom feed's entries (`entry > link` href, alternate only). */
export function feedLinks(text: string, base: string): string[] {
  const rss: string[] = [];
  const atom: string[] = [];
  walkXml(text, {
    open(name, parent, attribs) {
      if (name !== "link") return false;
      if (parent === "item") return true;
      const rel = attribs.rel;
      if (parent === "entry" && (!rel || rel === "alternate") && attribs.href !== undefined) atom.push(attribs.href);
      return false;
    },
    text: (_, t) => rss.push(t),
  });
  return [...rss, ...atom].flatMap((u) => httpUrl(u, base) ?? []);
}

/** `<loc>` entries of a sitemap, and whether it is a sitemap index. */
export function sitemapLocs(text: string, base: string): { index: boolean; locs: string[] } {
  let index = false;
  const locs: string[] = [];
  walkXml(text, {
    open(name) {
      if (name === "sitemapindex") index = true;
      return name === "loc";
    },
    text: (_, t) => locs.push(t),
  });
  return { index, locs: locs.flatMap((u) => httpUrl(u, base) ?? []) };
}
