import { z } from "zod";
import type { Db } from "@arena/db";
import { sandboxUrl } from "./urls";

export interface SearchResult {
  /** Original URL of the page. */
  url: string;
  /** Where the sandbox serves it (root-relative when no base URL was given). */
  sandboxUrl: string;
  title: string | null;
  snippet: string;
  score: number;
}

/** Rejected search input (empty/oversized query, k outside 1..50). */
export class SearchInputError extends Error {}

export const MAX_QUERY_CHARS = 256;
export const MAX_K = 50;

const inputSchema = z.object({
  q: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, "query is empty").max(MAX_QUERY_CHARS, `query is longer than ${MAX_QUERY_CHARS} characters`)),
  k: z.number().int("k must be an integer").min(1, "k must be at least 1").max(MAX_K, `k must be at most ${MAX_K}`),
});

/** Headlines are cut from this prefix of the content: ts_headline re-parses the whole text it gets. */
const SNIPPET_SOURCE_CHARS = 20_000;

/**
 * Ranked full-text search over the sandbox corpus (every node with content, all trees):
 * `websearch_to_tsquery` syntax ("quoted phrases", -exclusions, or), ranked by `ts_rank_cd`
 * over the weighted title/description/content vector with length normalisation (flag 1), one
 * result per URL (its best-ranked copy). The snippet is a `ts_headline` over the first 20k
 * characters of description + content with matches wrapped in «…» — plain text, not HTML.
 */
export async function searchPages(db: Db, q: string, k = 10, opts: { baseUrl?: string } = {}): Promise<SearchResult[]> {
  const parsed = inputSchema.safeParse({ q, k });
  if (!parsed.success) throw new SearchInputError(parsed.error.issues[0]!.message);
  const rows = await db.$queryRaw<Array<{ url: string; title: string | null; snippet: string; score: number }>>`
    WITH query AS (SELECT websearch_to_tsquery('english', ${parsed.data.q}) AS tsq),
    best AS (
      SELECT DISTINCT ON (n.url) n.url, n.title, n.description, n.content, ts_rank_cd(n.search, query.tsq, 1) AS score
      FROM "Node" n, query
      WHERE n.search @@ query.tsq AND n.content IS NOT NULL AND n.content <> ''
      ORDER BY n.url, score DESC, n.id
    ),
    top AS (SELECT * FROM best ORDER BY score DESC, url LIMIT ${parsed.data.k})
    SELECT top.url, top.title, top.score::float8 AS score,
      ts_headline('english', left(coalesce(top.description || ' ', '') || top.content, ${SNIPPET_SOURCE_CHARS}::int), query.tsq,
        'StartSel=«, StopSel=», MaxWords=40, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "') AS snippet
    FROM top, query
    ORDER BY top.score DESC, top.url`;
  return rows.map((r) => ({
    url: r.url,
    sandboxUrl: sandboxUrl(opts.baseUrl ?? "", r.url),
    title: r.title,
    snippet: r.snippet,
    score: r.score,
  }));
}
