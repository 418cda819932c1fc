import Link from "@/components/link";
import type { NodeView } from "@arena/trees/read";
import { Empty, ExternalLink, PageTitle, Section, link } from "@/components/ui";
import { fmtChars, fmtTime } from "@/lib/format";
import { pageHref } from "@/lib/untrusted-markdown";
import { LinkContextTable } from "./link-table";

/** One crawled page. Its text came from the web, so it is shown as text, never as HTML or Markdown. */
export function NodePage({ node }: { node: NodeView }) {
  return (
    <>
      <nav aria-label="Path from the root" className="mb-2 text-sm">
        <ol className="flex flex-wrap items-center gap-x-1">
          <li>
            <Link href={`/trees/${node.treeId}`} className={link}>
              Tree outline
            </Link>
          </li>
          {node.path.map((p, i) => (
            <li key={p.id} className="inline-flex items-center gap-1">
              <span aria-hidden className="text-zinc-500">
                ›
              </span>
              {i === node.path.length - 1 ? (
                <span aria-current="page">{p.title ?? p.url}</span>
              ) : (
                <Link href={`/trees/${node.treeId}/nodes/${p.id}`} className={link}>
                  {p.title ?? p.url}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <PageTitle>{node.title ?? node.url}</PageTitle>
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        {pageHref(node.url) === node.url ? (
          <ExternalLink href={node.url}>{node.url}</ExternalLink>
        ) : (
          <span data-testid="original-url" title="a page of the offline world: no browser can open it; this stored text is the page">
            {node.url} (offline world: stored text below)
          </span>
        )}{" "}
        · depth {node.depth} · {node.domain} · {node.crawled ? "crawled" : "not crawled yet"}
        {node.expandedAt ? ` · expanded ${fmtTime(node.expandedAt)}` : ""}
        {node.error ? <span className="text-red-700 dark:text-red-400"> · error: {node.error}</span> : null}
      </p>

      <Section title="Description" id="description">
        <p className="whitespace-pre-wrap text-sm">{node.description || "—"}</p>
      </Section>

      <Section title={`Page text${node.content ? ` (${fmtChars(node.content.length)})` : ""}`} id="content">
        {node.content ? (
          <pre
            data-testid="node-content"
            className="max-h-[40rem] overflow-auto whitespace-pre-wrap break-words rounded-md border border-zinc-200 p-3 font-sans text-sm dark:border-zinc-800"
          >
            {node.content}
          </pre>
        ) : (
          <div data-testid="node-content">
            <Empty title="No page text stored.">
              The page was not crawled yet, or the crawler found no readable text (see the error above, if any).
            </Empty>
          </div>
        )}
      </Section>

      <Section title={`Children (${node.children.length})`} id="children">
        {node.children.length === 0 ? (
          <p className="text-sm text-zinc-500">None yet: children are added when the examiner expands this node.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {node.children.map((c) => (
              <li key={c.id}>
                <Link href={`/trees/${node.treeId}/nodes/${c.id}`} className={link}>
                  {c.title ?? c.url}
                </Link>{" "}
                <span className="num text-xs text-zinc-500">{c.contentChars === 0 ? "no content" : fmtChars(c.contentChars)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={`Link contexts (${node.linkContexts.length})`} id="links">
        {node.linkContexts.length === 0 ? (
          <p className="text-sm text-zinc-500">No outbound link was recorded for this page.</p>
        ) : (
          <LinkContextTable links={node.linkContexts} />
        )}
      </Section>
    </>
  );
}
