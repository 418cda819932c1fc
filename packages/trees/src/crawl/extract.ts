import { Readability } from "@mozilla/readability";
import {
  GENERIC_RELATIONSHIP,
  MAX_DESCRIPTION_CHARS,
  MAX_TITLE_CHARS,
  pageLabel,
  wellFormed,
  type FetchedPage,
  type LinkContextView,
} from "@arena/core";
import { DOMParser } from "linkedom";
import { boundNesting } from "./bound-html";
import { isMeaningfulLink } from "./links";

/**
 * Page extraction for the crawler (docs/method.md §2): readable text, title, description and the page's
 * meaningful outbound links with their context.
 *
 * Choices, where the spec leaves room:
 * - Links inside navigation regions (header/nav/footer/aside, ARIA navigation/banner/contentinfo/
 *   complementary roles, and elements whose class or id names them, e.g. DocBook's "navheader")
 *   are dropped, and their text is left out of surrounding text.
 * - Surrounding text is a window of ~100 characters either side of the anchor over the page's
 *   visible text (blocks joined by spaces), cut at word boundaries; like the DR-Arena trees it may
 *   cross block boundaries, so list links carry their neighbours as context.
 * - Relationship = the nearest preceding heading or list caption (the short text right before a
 *   list, or the item that a nested list hangs from), lower-cased, with leading section numbers
 *   removed; core's GENERIC_RELATIONSHIP ("related topics") when there is none.
 * - Fragments are stripped (a fragment names a place in a page, not a page); links back to this
 *   page are dropped; duplicates keep their first occurrence; links without any text (also no
 *   title, aria-label or image alt) are dropped because they give a question nothing to build on.
 * - At most MAX_LINK_CONTEXTS links are kept (the first in page order): enough for expansion,
 *   bounded for link farms.
 * - The page keeps its requested URL.
 * - Pages are untrusted: tags nested deeper than MAX_SOURCE_DEPTH are dropped before parsing
 *   (`boundNesting`), elements nested deeper than MAX_DOM_DEPTH keep their text but lose their
 *   structure (`boundDom`), Readability reads only pages of at most MAX_READABILITY_ELEMENTS
 *   elements, titles and descriptions are cut and cleaned of control characters (core's
 *   `pageLabel`), and every text is well-formed.
 */

const MAX_LINK_CONTEXTS = 100;
/**
 * Real pages nest a few dozen elements deep; a hostile one nested lists 38 KB deep and made
 * Readability take 113 s (its work grows with depth times size), and our walk recurses per level.
 */
const MAX_DOM_DEPTH = 64;
/** Nesting allowed into the parser (see bound-html.ts); deeper levels are flattened after parsing. */
const MAX_SOURCE_DEPTH = 256;
/** Readability's work grows faster than the page; above this many elements the walk's text serves. */
const MAX_READABILITY_ELEMENTS = 20_000;
const CONTEXT_CHARS = 100;
const MAX_CAPTION_CHARS = 80;
const SKIP_TAGS = new Set(["script", "style", "noscript", "template", "svg", "iframe", "head", "select", "button"]);
const NAV_TAGS = new Set(["nav", "header", "footer", "aside"]);
const NAV_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "menu", "menubar"]);
const NAV_NAMES =
  /(?:^|[\s_-])(?:nav|navbar|navheader|navfooter|navigation|menu|breadcrumbs?|footer|header|sidebar|skip-?link)(?:$|[\s_-])/i;
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const LISTS = new Set(["ul", "ol", "dl"]);
const EMPHASIS_TAGS = new Set(["strong", "b", "em", "label"]);
const INLINE_TAGS = new Set([
  "a",
  "abbr",
  "acronym",
  "b",
  "bdi",
  "bdo",
  "cite",
  "code",
  "data",
  "dfn",
  "em",
  "font",
  "i",
  "kbd",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "tt",
  "u",
  "var",
  "wbr",
]);

// linkedom's DOM is typed loosely; these are the few members the walk needs.
interface DomNode {
  nodeType: number;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  parentNode: DomNode | null;
}
interface DomElement extends DomNode {
  localName: string;
  previousElementSibling: DomElement | null;
  children: ArrayLike<DomElement>;
  getAttribute(name: string): string | null;
  querySelector(selector: string): DomElement | null;
}

const ELEMENT = 1;
const TEXT = 3;

/** Whitespace collapsed to single spaces, trimmed ("" for none). */
export function collapse(text: string | null | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

function toLabel(text: string): string {
  return collapse(text)
    .toLowerCase()
    .replace(/^(?:[ivxlcdm]+\.|(?:[a-z]\.)?\d+(?:\.\d+)*\.?)\s+/, "")
    .replace(/[:\s]+$/, "");
}

function isNavRegion(el: DomElement): boolean {
  if (NAV_TAGS.has(el.localName)) return true;
  const role = el.getAttribute("role");
  if (role && NAV_ROLES.has(role.toLowerCase())) return true;
  return NAV_NAMES.test(el.getAttribute("class") ?? "") || NAV_NAMES.test(el.getAttribute("id") ?? "");
}

/** The caption a list hangs from, if any (see module comment). */
function listCaption(list: DomElement): string | null {
  const parent = list.parentNode as DomElement | null;
  let caption: string | null = null;
  if (parent?.localName === "dd" && parent.previousElementSibling?.localName === "dt") {
    caption = parent.previousElementSibling.textContent;
  } else if (parent?.localName === "li") {
    caption = ownTextBefore(parent, list);
  } else if (list.previousElementSibling) {
    caption = siblingCaption(list.previousElementSibling);
  }
  const label = toLabel(caption ?? "");
  return label && label.length <= MAX_CAPTION_CHARS ? label : null;
}

/** Text right before a list counts as its caption when it ends in ":" or is all emphasis. */
function siblingCaption(prev: DomElement): string | null {
  const text = collapse(prev.textContent);
  if (text.endsWith(":") || EMPHASIS_TAGS.has(prev.localName)) return text;
  const only = prev.children.length === 1 ? prev.children[0]! : null;
  return only && EMPHASIS_TAGS.has(only.localName) && collapse(only.textContent) === text ? text : null;
}

function ownTextBefore(item: DomElement, stop: DomNode): string {
  let text = "";
  for (const child of Array.from(item.childNodes)) {
    if (child === stop) break;
    text += ` ${child.textContent ?? ""}`;
  }
  return text;
}

interface RawLink {
  href: string;
  anchor: string;
  start: number;
  end: number;
  relationship: string;
}

/**
 * One depth-first walk over the body: builds the visible text (navigation excluded) and records
 * each anchor's position in it and its relationship label.
 */
class PageWalk {
  links: RawLink[] = [];
  // Pieces plus a running length: appending to one string and reading its end flattens V8's
  // rope on every read, which made long pages quadratic.
  private pieces: string[] = [];
  private length = 0;
  private endsWithSpace = true;
  private label = GENERIC_RELATIONSHIP;

  get text(): string {
    return this.pieces.join("");
  }

  private push(piece: string): void {
    if (!piece) return;
    this.pieces.push(piece);
    this.length += piece.length;
    this.endsWithSpace = piece.endsWith(" ");
  }

  private append(raw: string): void {
    const piece = raw.replace(/\s+/g, " ");
    this.push(this.endsWithSpace && piece.startsWith(" ") ? piece.slice(1) : piece);
  }

  private breakBlock(): void {
    if (!this.endsWithSpace) this.push(" ");
  }

  walk(node: DomNode, inNav: boolean): void {
    if (node.nodeType === TEXT) {
      if (!inNav) this.append(node.textContent ?? "");
      return;
    }
    if (node.nodeType !== ELEMENT) return;
    const el = node as DomElement;
    const tag = el.localName;
    if (SKIP_TAGS.has(tag)) return;
    const nav = inNav || isNavRegion(el);
    const block = !INLINE_TAGS.has(tag);
    if (block) this.breakBlock();
    const saved = this.label;
    if (LISTS.has(tag)) this.label = listCaption(el) ?? this.label;
    const startPiece = this.pieces.length;
    let start = this.length;
    for (const child of Array.from(el.childNodes)) this.walk(child, nav);
    // Whitespace is collapsed, so at most one space precedes the element's own text.
    if (this.pieces[startPiece]?.startsWith(" ")) start++;
    if (LISTS.has(tag)) this.label = saved;
    if (HEADINGS.has(tag) && !nav) this.label = toLabel(el.textContent ?? "") || this.label;
    if (tag === "a" && !nav) this.recordLink(el, start, this.length - (this.endsWithSpace ? 1 : 0));
    if (block) this.breakBlock();
  }

  private recordLink(a: DomElement, start: number, end: number): void {
    const href = a.getAttribute("href");
    if (!href) return;
    const img = a.querySelector("img");
    const anchor =
      collapse(a.textContent) ||
      collapse(a.getAttribute("title")) ||
      collapse(a.getAttribute("aria-label")) ||
      collapse(img?.getAttribute("alt"));
    if (!anchor) return;
    this.links.push({ href, anchor, start, end: Math.max(start, end), relationship: this.label });
  }
}

/** ~100 characters either side of the anchor, cut back to whole words. */
function surrounding(text: string, start: number, end: number): string {
  let from = Math.max(0, start - CONTEXT_CHARS);
  let to = Math.min(text.length, end + CONTEXT_CHARS);
  if (from > 0) {
    const space = text.indexOf(" ", from);
    if (space !== -1 && space < start) from = space + 1;
  }
  if (to < text.length) {
    const space = text.lastIndexOf(" ", to);
    if (space >= end) to = space;
  }
  return text.slice(from, to).trim();
}

function resolve(href: string, base: string): URL | null {
  try {
    return new URL(href.trim(), base);
  } catch {
    return null;
  }
}

function meta(doc: DomElement, selector: string): string | null {
  return collapse(doc.querySelector(selector)?.getAttribute("content")) || null;
}

/** Below this, Readability found no article (hub or index page) and the page text serves better. */
const MIN_ARTICLE_CHARS = 200;

/**
 * Flattens every element at MAX_DOM_DEPTH into one text node (its text is kept, its structure
 * dropped) and counts the elements left. Iterative, and it never descends below the cut: linear
 * in the page, and every later step (walk, Readability) sees a DOM of bounded depth.
 */
function boundDom(root: DomElement): number {
  let elements = 0;
  const stack: Array<[DomElement, number]> = [[root, 0]];
  while (stack.length) {
    const [el, depth] = stack.pop()!;
    elements++;
    if (depth >= MAX_DOM_DEPTH) {
      if (el.children.length) el.textContent = el.textContent ?? "";
      continue;
    }
    for (const child of Array.from(el.children)) stack.push([child, depth + 1]);
  }
  return elements;
}

function readableText(doc: unknown, elements: number): string | null {
  if (elements > MAX_READABILITY_ELEMENTS) return null;
  try {
    // charThreshold 1 stops Readability from re-running with relaxed rules on short results
    // (up to 4 passes, ~3x the time); short results fall back to the page text instead.
    const article = new Readability(doc as ConstructorParameters<typeof Readability>[0], {
      charThreshold: 1,
      maxElemsToParse: MAX_READABILITY_ELEMENTS,
    }).parse();
    const text = collapse(article?.textContent);
    return text.length >= MIN_ARTICLE_CHARS ? text : null;
  } catch {
    return null;
  }
}

/** Extracts one HTML page fetched from `pageUrl` (see module comment for the rules). */
export function extractPage(html: string, pageUrl: string): FetchedPage {
  const page = new URL(pageUrl);
  const doc = new DOMParser().parseFromString(boundNesting(html, MAX_SOURCE_DEPTH), "text/html") as unknown as DomElement & {
    body: DomElement | null;
    documentElement: DomElement;
  };
  const elements = boundDom(doc.documentElement);
  const baseHref = doc.querySelector("base[href]")?.getAttribute("href");
  const base = (baseHref && resolve(baseHref, page.href)?.href) || page.href;

  const walk = new PageWalk();
  if (doc.body) walk.walk(doc.body, false);
  const text = walk.text;

  const here = new URL(page.href);
  here.hash = "";
  const seen = new Set<string>();
  const links: LinkContextView[] = [];
  for (const raw of walk.links) {
    if (links.length === MAX_LINK_CONTEXTS) break;
    const url = resolve(raw.href, base);
    if (!url) continue;
    url.hash = "";
    if (url.href === here.href || seen.has(url.href) || !isMeaningfulLink(url, raw.anchor)) continue;
    seen.add(url.href);
    links.push({
      url: url.href,
      anchorText: wellFormed(raw.anchor),
      surroundingText: wellFormed(surrounding(text, raw.start, raw.end)),
      relationship: wellFormed(raw.relationship),
    });
  }

  const title =
    collapse(doc.querySelector("title")?.textContent) ||
    meta(doc, 'meta[property="og:title"]') ||
    collapse(doc.querySelector("h1")?.textContent) ||
    null;
  const description = meta(doc, 'meta[name="description"]') ?? meta(doc, 'meta[property="og:description"]');
  // Readability rewrites the document, so it runs last; the walk's text is the fallback for pages
  // it cannot make an article of (hubs, short pages).
  const content = readableText(doc, elements) ?? collapse(text);

  return {
    url: pageUrl,
    domain: page.hostname,
    title: title === null ? null : pageLabel(title, MAX_TITLE_CHARS) || null,
    description: description === null ? null : pageLabel(description, MAX_DESCRIPTION_CHARS) || null,
    content: wellFormed(content),
    links,
  };
}
