import escapeHtml from "escape-html";
import type { CorpusPage } from "./corpus";
import { sandboxUrl } from "./urls";

/** Content is stored as one string; pages read better in paragraphs of a few sentences. */
const PARAGRAPH_CHARS = 600;

function paragraphs(content: string): string[] {
  const out: string[] = [];
  for (const line of content.split(/\n+/)) {
    let rest = line.trim();
    while (rest.length > PARAGRAPH_CHARS) {
      const cut = rest.indexOf(". ", PARAGRAPH_CHARS);
      if (cut === -1) break;
      out.push(rest.slice(0, cut + 1));
      rest = rest.slice(cut + 2);
    }
    if (rest) out.push(rest);
  }
  return out;
}

/** The link's surrounding text with its anchor inside it (first occurrence), escaped. */
function linkParagraph(link: CorpusPage["links"][number], href: string | null): string {
  const a = href === null ? escapeHtml(link.anchorText) : `<a href="${escapeHtml(href)}">${escapeHtml(link.anchorText)}</a>`;
  const at = link.surroundingText.indexOf(link.anchorText);
  if (at === -1) return `<p>${escapeHtml(link.surroundingText)}${link.surroundingText ? " " : ""}${a}</p>`;
  const before = link.surroundingText.slice(0, at);
  const after = link.surroundingText.slice(at + link.anchorText.length);
  return `<p>${escapeHtml(before)}${a}${escapeHtml(after)}</p>`;
}

/**
 * Renders a corpus page as a plain reference page: title, meta description, canonical link to
 * the original URL, content paragraphs, then the outbound links under one heading per
 * relationship label (first-appearance order). Hrefs point into the sandbox when the target is
 * in the corpus (`inCorpus`), otherwise stay the original absolute URL. Every stored string is
 * untrusted and escaped.
 */
export function renderPage(page: CorpusPage, corpus: Set<string>): string {
  const groups = new Map<string, string[]>();
  for (const link of page.links) {
    // Stored URLs are untrusted: only http(s) ones become links (no javascript: on the sandbox's origin).
    const href = corpus.has(link.url) ? sandboxUrl("", link.url) : /^https?:\/\//i.test(link.url) ? link.url : null;
    const list = groups.get(link.relationship) ?? [];
    list.push(linkParagraph(link, href));
    groups.set(link.relationship, list);
  }
  const title = page.title ? escapeHtml(page.title) : null;
  const head = [
    '<meta charset="utf-8">',
    title ? `<title>${title}</title>` : "",
    page.description !== null ? `<meta name="description" content="${escapeHtml(page.description)}">` : "",
    `<link rel="canonical" href="${escapeHtml(page.url)}">`,
  ].filter(Boolean);
  const body = [
    "<main>",
    "<article>",
    title ? `<h1>${title}</h1>` : "",
    ...paragraphs(page.content).map((p) => `<p>${escapeHtml(p)}</p>`),
    "</article>",
    // "related" marks the links as outside the article for readability-style extractors, so the
    // extracted content stays the stored content; the link text is still visible page text.
    '<div class="related-links">',
    ...[...groups].map(([rel, items]) => `<section>\n<h2>${escapeHtml(rel)}</h2>\n${items.join("\n")}\n</section>`),
    "</div>",
    "</main>",
  ].filter(Boolean);
  return `<!doctype html>\n<html lang="en">\n<head>\n${head.join("\n")}\n</head>\n<body>\n${body.join("\n")}\n</body>\n</html>\n`;
}
