import type { FetchedPage, PageFetcher } from "@arena/core";
import { guardedFetch } from "@arena/net";
import { DOMParser } from "linkedom";
import { extractPage } from "../crawl/extract";
import { isMeaningfulLink } from "../crawl/links";
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
    const seen = new Set<string>();
    const links = [];
    for (const link of page.links) {
      const original = originalUrlOf(baseUrl, link.url) ?? link.url;
      if (original === url || seen.has(original) || !isMeaningfulOriginal(original, link.anchorText)) continue;
      seen.add(original);
      links.push({ ...link, url: original });
    }
    return {
      url,
      domain: new URL(url).hostname,
      title: page.title,
      description: page.description,
      content: articleText(html),
      links,
    };
  };
}

/** The rendered content paragraphs joined back into one string (see render.ts). */
function articleText(html: string): string {
  // linkedom's Document is typed loosely; the paragraphs are plain elements.
  const doc = new DOMParser().parseFromString(html, "text/html") as unknown as {
    querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }>;
  };
  return Array.from(doc.querySelectorAll("article > p"), (p) => (p.textContent ?? "").replace(/\s+/g, " ").trim())
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
