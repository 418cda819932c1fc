import { randomUUID } from "node:crypto";
import { domainOf, GENERIC_RELATIONSHIP, hasContent, type FetchedPage, type PageFetcher } from "@arena/core";
import { inTransaction, sqlPool, type PrismaClient, type SqlPool } from "@arena/db";
import { NetError } from "@arena/net";
import { NotFoundError } from "../store/load";
import { SandboxFetchError } from "../sandbox/fetcher";

/**
 * On-demand expansion during a match (docs/method.md §2). Choices:
 * - Candidates are the parent's link contexts, one per URL, skipping URLs that are already
 *   children and the URLs of the parent and its ancestors (no cycles back up the path). Links
 *   with a specific relationship label come first, "related topics" (mostly navigation) last;
 *   page order otherwise.
 * - Pages are fetched OUTSIDE any lock (fetches can take seconds); the write then happens in a
 *   transaction holding `pg_advisory_xact_lock(hashtext(parentId))` that re-reads the children,
 *   so concurrent expansions of one node never add the same URL twice. A page fetched by two
 *   racing calls is written once, and children with content a racing call stored count towards
 *   the later call's request (`arrived`), so racing calls add what the largest asked for.
 * - A page counts as added when core's `hasContent` holds (the rule the loop uses), so a page
 *   the loop would skip is not reported as an addition.
 * - A deterministic failure (not in the sandbox corpus, a non-transient NetError such as a 404
 *   or a guard refusal, a page without content) is recorded as a child with `crawled = false`,
 *   `status = failed`, no content and the error text, like the failed nodes of the DR-Arena
 *   trees. It is not counted in `added` but it stops later expansions from retrying the same
 *   link, so repeated calls make progress through the link list. Transient failures (timeouts,
 *   resets, 5xx, anything else) are only reported in `reason`: a later call may succeed.
 * - Aborting `signal` rejects with its reason and writes nothing.
 * - Each call tries at most `needed * 4 + 4` links, fetching as many at a time as are missing.
 * - `reason` is set whenever fewer than the requested children were added.
 */
export interface ExpandResult {
  /** New children with content, in sibling order. */
  added: string[];
  /** New failed children, recorded for links that will not load on a retry either. */
  failed: string[];
  /**
   * Children with content another call stored while this one fetched (a racing expansion of the
   * same node): they count towards the request, so this call adds only what is still missing.
   */
  arrived: number;
  reason?: string;
}

export interface ExpandOptions {
  signal?: AbortSignal;
}

interface Parent {
  id: string;
  treeId: string;
  depth: number;
  expandable: boolean;
  links: Array<{ url: string; relationship: string }>;
}

/** `permanent` failures are stored as failed children; the others only explain `reason`. */
type Outcome = { url: string; relationship: string } & ({ page: FetchedPage } | { error: string; permanent: boolean });

/**
 * The parent, its links in page order, and the URLs it must not link back to (its own, its
 * ancestors') or add twice (its current children), in one query.
 */
async function loadParent(pool: SqlPool, nodeId: string): Promise<{ parent: Parent; known: Set<string> }> {
  const rows = await pool.query<Omit<Parent, "links"> & { links: Parent["links"]; known: string[] }>(
    `SELECT n.id, n."treeId", n.depth, t.expandable,
       COALESCE((SELECT json_agg(json_build_object('url', c.url, 'relationship', c.relationship) ORDER BY c.ordinal)
                 FROM "LinkContext" c WHERE c."nodeId" = n.id), '[]') AS links,
       ARRAY(
         WITH RECURSIVE up AS (
           SELECT u.id, u."parentId", u.url FROM "Node" u WHERE u.id = n.id
           UNION ALL
           SELECT p.id, p."parentId", p.url FROM "Node" p JOIN up ON p.id = up."parentId"
         )
         SELECT url FROM up
         UNION ALL
         SELECT k.url FROM "Node" k WHERE k."parentId" = n.id
       ) AS known
     FROM "Node" n JOIN "Tree" t ON t.id = n."treeId" WHERE n.id = $1`,
    [nodeId],
  );
  const row = rows.rows[0];
  if (!row) throw new NotFoundError(`node not found: ${nodeId}`);
  const { known, ...parent } = row;
  return { parent, known: new Set(known) };
}

function candidates(parent: Parent, known: Set<string>): Parent["links"] {
  const seen = new Set(known);
  const fresh = parent.links.filter((l) => !seen.has(l.url) && seen.add(l.url));
  // Stable sort: links with a specific relationship first (generic ones are mostly navigation), page order otherwise.
  return fresh.sort((a, b) => Number(a.relationship === GENERIC_RELATIONSHIP) - Number(b.relationship === GENERIC_RELATIONSHIP));
}

/** Failures that would repeat on a retry: worth recording so later calls skip the link. */
function isPermanent(err: unknown): boolean {
  if (err instanceof SandboxFetchError) return err.status === 404;
  return err instanceof NetError && !err.transient;
}

function describeError(err: unknown): string {
  if (err instanceof SandboxFetchError) return err.status === 404 ? "not in the sandbox corpus" : `HTTP ${err.status}`;
  // The URL is the link's own; without it equal failures group in `reason`.
  const message = err instanceof NetError ? err.message.replace(` (${err.url})`, "") : err instanceof Error ? err.message : String(err);
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

/** Fetches the missing number of candidates at a time until `needed` pages have content or the budget is spent. */
async function fetchPages(links: Parent["links"], needed: number, fetcher: PageFetcher, signal?: AbortSignal): Promise<Outcome[]> {
  const budget = links.slice(0, needed * 4 + 4);
  const out: Outcome[] = [];
  let ok = 0;
  for (let i = 0; i < budget.length && ok < needed; ) {
    const batch = budget.slice(i, i + needed - ok);
    i += batch.length;
    const settled = await Promise.allSettled(batch.map((l) => fetcher(l.url, signal)));
    // An abort surfaces as rejected fetches; none of them says anything about the links.
    signal?.throwIfAborted();
    settled.forEach((s, j) => {
      const link = batch[j]!;
      if (s.status === "rejected") {
        out.push({ ...link, error: describeError(s.reason), permanent: isPermanent(s.reason) });
      } else if (hasContent(s.value)) {
        ok++;
        out.push({ ...link, page: s.value });
      } else {
        out.push({ ...link, error: "page has no content", permanent: true });
      }
    });
  }
  return out;
}

function summarise(outcomes: Outcome[], added: number, needed: number): string | undefined {
  if (added >= needed) return undefined;
  const errors = new Map<string, number>();
  for (const o of outcomes) if ("error" in o) errors.set(o.error, (errors.get(o.error) ?? 0) + 1);
  const detail = [...errors].map(([e, n]) => `${n}× ${e}`).join("; ");
  const head = added ? `added ${added} of ${needed}` : "nothing added";
  return `${head}: ${outcomes.length} link(s) tried${detail ? ` (${detail})` : ""}`;
}

/** Rows as json_populate_recordset reads them: the table's own column names and types. */
type NodeInsert = Record<string, unknown> & { id: string; url: string };

/** Writes the outcomes as new children under the per-node lock, skipping URLs added meanwhile. */
async function writeChildren(pool: SqlPool, parent: Parent, known: Set<string>, outcomes: Outcome[], wanted: number) {
  return inTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [parent.id]);
    const existing = await client.query<{ url: string; ordinal: number; content: string | null }>(
      `SELECT url, ordinal, content FROM "Node" WHERE "parentId" = $1`,
      [parent.id],
    );
    const arrived = existing.rows.filter((c) => !known.has(c.url) && hasContent(c)).length;
    const needed = Math.max(0, wanted - arrived);
    const taken = new Set(existing.rows.map((c) => c.url));
    let ordinal = Math.max(-1, ...existing.rows.map((c) => c.ordinal)) + 1;
    const now = new Date().toISOString();
    const nodes: NodeInsert[] = [];
    const contexts: Array<Record<string, unknown>> = [];
    const added: string[] = [];
    const failed: string[] = [];
    for (const o of outcomes) {
      if (taken.has(o.url) || ("page" in o ? added.length >= needed : !o.permanent)) continue;
      taken.add(o.url);
      const id = randomUUID();
      const base = { id, treeId: parent.treeId, parentId: parent.id, ordinal: ordinal++, depth: parent.depth + 1 };
      const shared = { ...base, relationshipCluster: o.relationship, expandedAt: now, url: o.url };
      if ("page" in o) {
        const p = o.page;
        nodes.push({
          ...shared,
          domain: p.domain,
          title: p.title,
          description: p.description,
          content: p.content,
          crawled: true,
          status: "crawled",
        });
        p.links.forEach((l, i) => {
          contexts.push({ id: randomUUID(), nodeId: id, ordinal: i, ...l });
        });
        added.push(id);
      } else {
        nodes.push({ ...shared, domain: domainOf(o.url), crawled: false, status: "failed", error: o.error });
        failed.push(id);
      }
    }
    if (nodes.length) {
      await client.query(
        `INSERT INTO "Node" (${NODE_COLUMNS}) SELECT ${NODE_COLUMNS} FROM json_populate_recordset(NULL::"Node", $1::json)`,
        [JSON.stringify(nodes.map((n) => ({ title: null, description: null, content: null, error: null, ...n })))],
      );
    }
    if (contexts.length) {
      await client.query(
        `INSERT INTO "LinkContext" (${CONTEXT_COLUMNS}) SELECT ${CONTEXT_COLUMNS} FROM json_populate_recordset(NULL::"LinkContext", $1::json)`,
        [JSON.stringify(contexts)],
      );
    }
    return { added, failed, arrived };
  });
}

const NODE_COLUMNS = [
  "id",
  "treeId",
  "parentId",
  "ordinal",
  "depth",
  "url",
  "domain",
  "title",
  "description",
  "content",
  "crawled",
  "status",
  "error",
  "relationshipCluster",
  "expandedAt",
]
  .map((c) => `"${c}"`)
  .join(", ");
const CONTEXT_COLUMNS = ["id", "nodeId", "ordinal", "url", "anchorText", "surroundingText", "relationship"].map((c) => `"${c}"`).join(", ");

async function expandChildren(
  db: PrismaClient,
  nodeId: string,
  needed: number,
  fetcher: PageFetcher,
  opts: ExpandOptions,
): Promise<ExpandResult> {
  if (!Number.isInteger(needed) || needed < 1) throw new RangeError(`needed must be a positive integer, got ${needed}`);
  const pool = sqlPool(db);
  const { parent, known } = await loadParent(pool, nodeId);
  if (!parent.expandable) return { added: [], failed: [], arrived: 0, reason: "tree not expandable" };
  const links = candidates(parent, known);
  if (!links.length) return { added: [], failed: [], arrived: 0, reason: "no unexplored links" };
  const outcomes = await fetchPages(links, needed, fetcher, opts.signal);
  const written = await writeChildren(pool, parent, known, outcomes, needed);
  const reason = summarise(outcomes, written.added.length + written.arrived, needed);
  return reason ? { ...written, reason } : written;
}

/** Depth expansion of a node: up to `max` (reference: 3) new children from its outbound links. */
export function expandDepth(
  db: PrismaClient,
  nodeId: string,
  fetcher: PageFetcher,
  opts: ExpandOptions & { max?: number } = {},
): Promise<ExpandResult> {
  return expandChildren(db, nodeId, opts.max ?? 3, fetcher, opts);
}

/** Width expansion of a parent: `needed` more children (siblings of the current node). */
export function expandWidth(
  db: PrismaClient,
  parentId: string,
  needed: number,
  fetcher: PageFetcher,
  opts: ExpandOptions = {},
): Promise<ExpandResult> {
  return expandChildren(db, parentId, needed, fetcher, opts);
}
