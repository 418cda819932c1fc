"use client";

import Link from "@/components/link";
import type { TreeSummaryView } from "@arena/trees/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { Code, Empty, link } from "@/components/ui";

const COLUMNS: DataColumn<TreeSummaryView>[] = [
  {
    id: "title",
    header: "Tree",
    sortValue: (t) => (t.title ?? t.rootUrl).toLowerCase(),
    cell: (t) => (
      <>
        <Link href={`/trees/${t.id}`} className={`${link} font-medium`}>
          {t.title ?? t.rootUrl}
        </Link>
        <div className="break-all text-xs text-zinc-500">{t.rootUrl}</div>
      </>
    ),
  },
  { id: "topic", header: "Topic", sortValue: (t) => t.topic ?? undefined, cell: (t) => t.topic ?? "—" },
  { id: "source", header: "Source", sortValue: (t) => t.source, cell: (t) => t.source },
  { id: "nodes", header: "Nodes", numeric: true, sortValue: (t) => t.nodes, cell: (t) => t.nodes },
  { id: "maxDepth", header: "Max depth", numeric: true, sortValue: (t) => t.maxDepth, cell: (t) => t.maxDepth },
  { id: "matches", header: "Matches", numeric: true, sortValue: (t) => t.matches, cell: (t) => t.matches },
];

export function TreeList({ trees }: { trees: TreeSummaryView[] }) {
  if (trees.length === 0) {
    return (
      <Empty title="No information tree stored yet.">
        Import the published trees with <Code>npx arena tree import &lt;dir&gt;</Code>, crawl one with{" "}
        <Code>npx arena tree crawl &lt;url&gt;</Code>, or generate a synthetic world with <Code>npx arena world generate --seed demo</Code>.
      </Empty>
    );
  }
  return (
    <DataTable
      testId="tree-table"
      caption="Information trees"
      rows={trees}
      columns={COLUMNS}
      rowKey={(t) => t.id}
      urlPrefix=""
      filter={{ label: "Find tree", text: (t) => `${t.title ?? ""} ${t.rootUrl} ${t.topic ?? ""}` }}
      minWidth="min-w-[640px]"
    />
  );
}
