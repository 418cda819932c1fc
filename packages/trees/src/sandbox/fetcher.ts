import { domainOf, MAX_DESCRIPTION_CHARS, MAX_TITLE_CHARS, pageLabel, type FetchedPage, type PageFetcher } from "@arena/core";
import type { PrismaClient } from "@arena/db";
import { guardedFetch } from "@arena/net";
import { DOMParser } from "linkedom";
import { collapse, extractPage } from "../crawl/extract";
import { isMeaningfulLink } from "../crawl/links";
import { findPage } from "./corpus";
import { originalUrlOf, sandboxUrl } from "./urls";

/** A sandbox page could not be fetched; `status` 404 means the URL is not in the corpus. */
export class SandboxFetchError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(status === 404 ? `not in the sandbox corpus: ${url}` : `sandbox returned HTTP ${status} for ${url}`);
  }
}

/** Rendered pages are small; these bound a misbehaving sandbox, not a real page. */
const TIMEOUT_MS = 15_000;
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * A PageFetcher over the sandbox web: GETs `/sandbox/page?url=<original>` from `baseUrl` through
 * the guarded client (the sandbox host is allow-listed, no retries, no redirects; non-2xx →
 * SandboxFetchError), extracts links with the crawler's extractor and maps sandbox hrefs back to
 * original URLs, so trees built or expanded through the sandbox keep the live web's URLs.
 * Content is read from the rendered <article> paragraphs, which hold exactly the stored content:
 * the extractor's fallback for short pages would mix in the heading and the link texts.
 */
export function sandboxPageFetcher(baseUrl: string): PageFetcher {
  const allow = [new URL(baseUrl).host];
  return async (url: string, signal?: AbortSignal): Promise<FetchedPage> => {
    const res = await guardedFetch(sandboxUrl(baseUrl, url), {
      allow,
      signal,
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      maxRedirects: 0,
      retries: 0,
      throwOnHttpError: false,
    });
    if (res.status < 200 || res.status > 299) throw new SandboxFetchError(url, res.status);
    const html = res.text();
    const page = extractPage(html, res.url);
    const links = page.links.map((link) => ({ ...link, url: originalUrlOf(baseUrl, link.url) ?? link.url }));
    return {
      url,
      domain: domainOf(url),
      title: page.title,
      description: page.description,
      content: articleText(html),
      links: outboundLinks(url, links),
    };
  };
}

/**
 * The same pages read straight from the corpus, for a worker whose sandbox shares its database:
 * no HTTP, no HTML rendering and re-parsing. Texts are whitespace-collapsed as the extractor
 * collapses them; links are the stored link contexts in page order with their stored
 * surrounding text (the HTTP fetcher re-extracts both from the rendered page, which groups links
 * by relationship), filtered alike.
 */
export function corpusPageFetcher(db: PrismaClient): PageFetcher {
  return async (url: string, signal?: AbortSignal): Promise<FetchedPage> => {
    signal?.throwIfAborted();
    const page = await findPage(db, url);
    if (!page) throw new SandboxFetchError(url, 404);
    return {
      url,
      domain: domainOf(url),
      // Bounded as the extractor bounds them: rows stored before those bounds existed may be longer.
      title: page.title === null ? null : pageLabel(page.title, MAX_TITLE_CHARS),
      description: page.description === null ? null : pageLabel(collapse(page.description), MAX_DESCRIPTION_CHARS),
      content: collapse(page.content),
      links: outboundLinks(
        url,
        page.links.map((l) => ({ ...l, anchorText: collapse(l.anchorText), surroundingText: collapse(l.surroundingText) })),
      ),
    };
  };
}

/** A page's links worth following, once each, never back to the page itself. */
function outboundLinks<L extends { url: string; anchorText: string }>(url: string, links: L[]): L[] {
  const seen = new Set<string>();
  return links.filter((l) => l.url !== url && !seen.has(l.url) && isMeaningfulOriginal(l.url, l.anchorText) && seen.add(l.url));
}

/** The rendered content paragraphs joined back into one string (see render.ts). */
function articleText(html: string): string {
  // linkedom's Document is typed loosely; the paragraphs are plain elements.
  const doc = new DOMParser().parseFromString(html, "text/html") as unknown as {
    querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }>;
  };
  return Array.from(doc.querySelectorAll("article > p"), (p) => collapse(p.textContent))
    .filter(Boolean)
    .join(" ");
}

/** The extractor judged the sandbox address; judge the original URL as the crawler would. */
function isMeaningfulOriginal(url: string, anchor: string): boolean {
  try {
    return isMeaningfulLink(new URL(url), anchor);
  } catch {
    return false;
  }
}
