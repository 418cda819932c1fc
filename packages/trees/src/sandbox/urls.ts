/** Path of the sandbox page route; the original URL travels in the `url` query parameter. */
export const PAGE_PATH = "/sandbox/page";

/**
 * The sandbox address of an original URL. With an empty base the result is root-relative
 * (`/sandbox/page?url=...`), which is what rendered pages use.
 */
export function sandboxUrl(base: string, originalUrl: string): string {
  const path = `${PAGE_PATH}?url=${encodeURIComponent(originalUrl)}`;
  return base ? new URL(path, base).href : path;
}

/** The original URL behind a sandbox page address, or null when `href` is not one. */
export function originalUrlOf(base: string, href: string): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin || url.pathname !== PAGE_PATH) return null;
  return url.searchParams.get("url");
}
