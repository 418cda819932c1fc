import type { FetchedPage, PageFetcher } from "@arena/core";
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

/**
 * A PageFetcher over the sandbox web: GETs `/sandbox/page?url=<original>` from `baseUrl`,
 * extracts it with the crawler's extractor, and maps sandbox hrefs back to original URLs, so
 * trees built or expanded through the sandbox keep the original URLs of the live web.
 */
export function sandboxPageFetcher(baseUrl: string): PageFetcher {
  return async (url: string, signal?: AbortSignal): Promise<FetchedPage> => {
    const res = await fetch(sandboxUrl(baseUrl, url), { signal, redirect: "error" });
    if (!res.ok) {
      await res.body?.cancel();
      throw new SandboxFetchError(url, res.status);
    }
    const page = extractPage(await res.text(), sandboxUrl(baseUrl, url));
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
      content: page.content,
      links,
    };
  };
}

/** The extractor judged the sandbox address; judge the original URL as the crawler would. */
function isMeaningfulOriginal(url: string, anchor: string): boolean {
  try {
    return isMeaningfulLink(new URL(url), anchor);
  } catch {
    return false;
  }
}
