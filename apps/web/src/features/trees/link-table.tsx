"use client";

import type { NodeView } from "@arena/trees/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { ExternalLink, link } from "@/components/ui";

type LinkContext = NodeView["linkContexts"][number] & { key: string };

const COLUMNS: DataColumn<LinkContext>[] = [
  {
    id: "relationship",
    header: "Relationship",
    sortValue: (l) => l.relationship,
    cell: (l) => <span className="whitespace-nowrap">{l.relationship}</span>,
  },
  {
    id: "anchor",
    header: "Anchor",
    sortValue: (l) => (l.anchorText || l.url).toLowerCase(),
    cell: (l) => (
      <ExternalLink href={l.url} className={l.anchorText ? link : `${link} break-all`}>
        {l.anchorText || l.url}
      </ExternalLink>
    ),
  },
  { id: "context", header: "Surrounding text", cell: (l) => <span className="text-zinc-600 dark:text-zinc-400">{l.surroundingText}</span> },
];

/** The page's outbound links with the text around each (page order; a page may link one URL twice, hence the index key). */
export function LinkContextTable({ links }: { links: NodeView["linkContexts"] }) {
  const rows = links.map((l, i) => ({ ...l, key: String(i) }));
  return (
    <DataTable
      testId="node-links"
      caption="Outbound links of this page"
      rows={rows}
      columns={COLUMNS}
      rowKey={(l) => l.key}
      minWidth="min-w-[640px]"
    />
  );
}
