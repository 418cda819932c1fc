/** Host name of a URL, or "" for text that is not a URL (tree data is untrusted). */
export function domainOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}

/**
 * The synthetic offline world's host (packages/trees/src/world): under the reserved `.test`
 * domain, so its pages never resolve on the web and exist only as stored pages.
 */
export const WORLD_HOST = "world.arena.test";

/** Whether a URL names a page of the offline world (readable only from the arena's stored pages). */
export function isWorldUrl(url: string): boolean {
  return domainOf(url).toLowerCase() === WORLD_HOST;
}
