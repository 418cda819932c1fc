import type { Db } from "@arena/db";

/** A corpus page: the stored node that the sandbox serves for an original URL. */
export interface CorpusPage {
  id: string;
  url: string;
  title: string | null;
  description: string | null;
  content: string;
  links: Array<{ url: string; anchorText: string; surroundingText: string; relationship: string }>;
}

/**
 * The corpus is every stored node with non-empty content, across all trees. A URL stored more
 * than once is served from its earliest stored copy with content (stable across restarts).
 */
export async function findPage(db: Db, url: string): Promise<CorpusPage | null> {
  const node = await db.node.findFirst({
    where: { url, content: { not: null }, NOT: { content: "" } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      url: true,
      title: true,
      description: true,
      content: true,
      linkContexts: {
        orderBy: { ordinal: "asc" },
        select: { url: true, anchorText: true, surroundingText: true, relationship: true },
      },
    },
  });
  if (!node || node.content === null) return null;
  return { ...node, content: node.content, links: node.linkContexts };
}

/** Which of `urls` are in the corpus (one indexed lookup per distinct URL). */
export async function inCorpus(db: Db, urls: string[]): Promise<Set<string>> {
  const distinct = [...new Set(urls)];
  if (!distinct.length) return new Set();
  const rows = await db.$queryRaw<Array<{ url: string }>>`
    SELECT DISTINCT u.url FROM unnest(${distinct}::text[]) AS u(url)
    WHERE EXISTS (SELECT 1 FROM "Node" n WHERE n.url = u.url AND n.content IS NOT NULL AND n.content <> '')`;
  return new Set(rows.map((r) => r.url));
}
