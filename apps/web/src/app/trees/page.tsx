import type { Metadata } from "next";
import { readTrees } from "@arena/trees/read";
import { db } from "@/lib/db";
import { PageTitle } from "@/components/ui";
import { TreeList } from "@/features/trees/tree-list";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Trees" };

export default async function TreesPage() {
  const trees = await readTrees(db());
  return (
    <>
      <PageTitle>Information trees</PageTitle>
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        Each tree is a hub page and the pages it links to, crawled (or generated offline). The examiner walks a tree to build questions
        whose answers are hidden a few links deep.
      </p>
      <TreeList trees={trees} />
    </>
  );
}
