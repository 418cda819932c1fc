import { sqlPool, type PrismaClient } from "@arena/db";

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
 * Read with node-postgres directly, in one query: expansion reads a page per candidate link.
 */
export async function findPage(db: PrismaClient, url: string): Promise<CorpusPage | null> {
  const found = await sqlPool(db).query<CorpusPage>(
    `SELECT n.id, n.url, n.title, n.description, n.content,
       COALESCE((SELECT json_agg(json_build_object('url', c.url, 'anchorText', c."anchorText",
                   'surroundingText', c."surroundingText", 'relationship', c.relationship) ORDER BY c.ordinal)
                 FROM "LinkContext" c WHERE c."nodeId" = n.id), '[]') AS links
     FROM "Node" n
     WHERE n.url = $1 AND n.content IS NOT NULL AND n.content <> ''
     ORDER BY n."createdAt", n.id LIMIT 1`,
    [url],
  );
  return found.rows[0] ?? null;
}

/** Which of `urls` are in the corpus (one indexed lookup per distinct URL). */
export async function inCorpus(db: PrismaClient, urls: string[]): Promise<Set<string>> {
  const distinct = [...new Set(urls)];
  if (!distinct.length) return new Set();
  const rows = await sqlPool(db).query<{ url: string }>(
    `SELECT DISTINCT u.url FROM unnest($1::text[]) AS u(url)
     WHERE EXISTS (SELECT 1 FROM "Node" n WHERE n.url = u.url AND n.content IS NOT NULL AND n.content <> '')`,
    [distinct],
  );
  return new Set(rows.rows.map((r) => r.url));
}
