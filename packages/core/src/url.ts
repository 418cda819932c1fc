/** Host name of a URL, or "" for text that is not a URL (tree data is untrusted). */
export function domainOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}
